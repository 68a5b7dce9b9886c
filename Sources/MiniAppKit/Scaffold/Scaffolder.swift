import Foundation

/// `mactl new`: writes a template into a new project folder, filling in the app id, name and
/// language. Every template lints clean.
public enum Scaffolder {
    public struct Options: Sendable {
        public var template: String
        public var appID: String?
        public var name: String?
        public var lang: String

        public init(template: String = "tabs", appID: String? = nil, name: String? = nil, lang: String = "en") {
            self.template = template
            self.appID = appID
            self.name = name
            self.lang = lang
        }
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case unknownTemplate(String)
        case folderNotEmpty(String)
        case notAFolder(String)
        case invalidLanguageTag(String)
        case emptyName
        case invalidAppID(String)
        case writeFailed(path: String, reason: String)

        public var description: String {
            switch self {
            case .unknownTemplate(let name):
                let available = EmbeddedTemplates.names.map { "'\($0)'" }.joined(separator: ", ")
                let suggestion = NameSuggester.closest(to: name, in: EmbeddedTemplates.names).map { "; did you mean '\($0)'?" } ?? ""
                return "unknown template '\(name)'\(suggestion) (available: \(available))"
            case .folderNotEmpty(let path): return "'\(path)' is not empty; mactl new only writes into a new or empty folder"
            case .notAFolder(let path): return "'\(path)' exists and is not a folder"
            case .invalidLanguageTag(let tag):
                let suggestion = LanguageTag.suggestion(for: tag).map { "; did you mean '\($0)'?" } ?? ""
                return "'\(tag)' is not a BCP 47 language tag\(suggestion)"
            case .emptyName: return "the app name must not be empty"
            case .invalidAppID(let appID): return "app id '\(appID)' is not a reverse-domain name such as 'com.example.app'"
            case .writeFailed(let path, let reason): return "cannot write the project in '\(path)': \(reason); nothing was left behind"
            }
        }
    }

    /// The values a template's `{{app_id}}`, `{{name}}` and `{{lang}}` become.
    public struct Values: Sendable, Equatable {
        public var appID: String
        public var name: String
        public var lang: String
    }

    public static func values(for folder: URL, options: Options) throws(Failure) -> Values {
        let folderName = folder.standardizedFileURL.lastPathComponent
        let name = (options.name ?? folderName).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .emptyName }
        guard LanguageTag.isWellFormed(options.lang) else { throw .invalidLanguageTag(options.lang) }
        let appID = options.appID ?? "com.example." + identifier(from: name)
        guard ManifestAppIDFormat.isReverseDomain(appID) else { throw .invalidAppID(appID) }
        return Values(appID: appID, name: name, lang: options.lang)
    }

    /// The files of a template with its placeholders filled in, in path order.
    public static func render(template: String, values: Values) throws(Failure) -> [(path: String, contents: String)] {
        guard let files = EmbeddedTemplates.files[template] else { throw .unknownTemplate(template) }
        var rendered = files.keys.sorted().map { path in (path: path, contents: fill(files[path]!, path: path, values: values)) }
        // The default locale must have a file; a language the template lacks starts as a copy
        // of the English text, for the author to translate.
        let localePaths = Set(rendered.map(\.path).filter { $0.hasPrefix("i18n/") })
        let language = values.lang.split(separator: "-").first.map(String.init) ?? values.lang
        if !localePaths.contains("i18n/\(values.lang).json"), !localePaths.contains("i18n/\(language).json"),
            let english = rendered.first(where: { $0.path == "i18n/en.json" })
        {
            rendered.append((path: "i18n/\(values.lang).json", contents: english.contents))
        }
        rendered.append((path: ".gitignore", contents: gitignore))
        rendered.sort { $0.path < $1.path }
        return rendered
    }

    /// Writes the project. Refuses a folder that has anything in it; on a write failure,
    /// removes what it wrote so that no half project is left behind.
    @discardableResult
    public static func create(at folder: URL, options: Options) throws(Failure) -> [String] {
        let values = try values(for: folder, options: options)
        let files = try render(template: options.template, values: values)
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        let existed = manager.fileExists(atPath: folder.path, isDirectory: &isDirectory)
        if existed {
            guard isDirectory.boolValue else { throw .notAFolder(folder.path) }
            let entries = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
            guard entries.isEmpty else { throw .folderNotEmpty(folder.path) }
        }
        do {
            for file in files {
                let url = folder.appendingPathComponent(file.path)
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url)
            }
        } catch {
            if existed {
                for entry in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] {
                    try? manager.removeItem(at: folder.appendingPathComponent(entry))
                }
            } else {
                try? manager.removeItem(at: folder)
            }
            throw .writeFailed(path: folder.path, reason: FileProblem.reason(for: error, writing: true))
        }
        return files.map(\.path)
    }

    /// The project's `.gitignore`, the same for every template: what `pack` writes and signing
    /// keys stay out of version control. The project walk skips dotfiles, so it never ships.
    public static let gitignore = """
        # Written by mactl new.
        # What mactl pack writes: dist/<app_id>-<version>.ma (.zip for a web bundle), its build
        # report and the report's tab icon images (also when -o or --report put them elsewhere in
        # the project).
        dist/
        *.ma
        *.zip
        *.report.yaml
        *.report.icons/
        # Private keys (mactl keygen writes <name>.pem): keep them out of the project and out of
        # version control. The certificate beside a key (<name>.cert.pem) is public.
        *.pem
        !*.cert.pem
        *.p12
        *.pfx
        # npm's packages, and the JS SDK's script that `npm install` copies from them into a
        # web bundle (the rakuten template's package.json).
        node_modules/
        vendor/miniapp.bundle.js

        """

    /// Replaces placeholders, escaped for the file they land in.
    static func fill(_ text: String, path: String, values: Values) -> String {
        let escape: (String) -> String
        if path.hasSuffix(".json") {
            escape = { value in
                var output = ""
                JSONOutput.writeString(value, into: &output)
                return String(output.dropFirst().dropLast())
            }
        } else if path.hasSuffix(".html") || path.hasSuffix(".svg") {
            escape = XMLText.escaped
        } else {
            escape = { $0 }
        }
        return text.replacingOccurrences(of: "{{app_id}}", with: escape(values.appID))
            .replacingOccurrences(of: "{{name}}", with: escape(values.name))
            .replacingOccurrences(of: "{{lang}}", with: escape(values.lang))
    }

    /// A lowercase identifier for a default app id: letters and digits of the name, starting
    /// with a letter (`My Demo 2` → `mydemo2`).
    static func identifier(from name: String) -> String {
        let characters = name.lowercased().unicodeScalars.filter { $0.isASCII && (CharacterSet.alphanumerics.contains($0)) }
        var identifier = String(String.UnicodeScalarView(characters))
        while let first = identifier.first, !first.isLetter { identifier.removeFirst() }
        return identifier.isEmpty ? "app" : identifier
    }
}
