import Foundation
import Testing

/// docs/architecture.md is the map a newcomer reads first, so it is held to the tree: every
/// folder of the library and every target is on it, and every type or file it names exists.
struct ArchitectureDocTests {
    static let root = CLIRunner.packageRoot.standardizedFileURL
    static var document: String {
        get throws { try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8) }
    }

    static func folders(in path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(path).path).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.appendingPathComponent(path + "/" + name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }.sorted()
    }

    @Test func everyFolderOfTheLibraryAndEveryTargetIsOnTheMap() throws {
        let document = try Self.document
        let missing = try Self.folders(in: "Sources/MiniAppKit").filter { !document.contains("`\($0)/`") }
        #expect(missing == [], "folders of Sources/MiniAppKit that docs/architecture.md does not name as `Folder/`")
        let targets = try Self.folders(in: "Sources").filter { !document.contains("`Sources/\($0)") && !document.contains("`\($0)`") }
        #expect(targets == [], "targets that docs/architecture.md does not name")
    }

    /// Every name in code style that looks like a type (`ProjectModel`, `Packer.pack`) is
    /// declared in Sources (or names a file or target there), and every path
    /// (`Rules/Registry.swift`, `Rendering/`) is in the repository: a map that names what is
    /// gone sends the reader looking for it.
    @Test func everyTypeAndFileTheMapNamesExists() throws {
        let document = try Self.document
        let sources = Self.root.appendingPathComponent("Sources")
        let entries = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        var declared: Set<String> = ["Codable"]  // the standard library's
        for entry in entries {
            let name = String(entry.split(separator: "/").last ?? "")
            declared.insert(name.hasSuffix(".swift") ? String(name.dropLast(6)) : name)
            guard entry.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(entry), encoding: .utf8)
            for match in text.matches(of: /(?:struct|enum|class|protocol|actor|typealias|extension)\s+([A-Z][A-Za-z0-9]*)/) {
                declared.insert(String(match.output.1))
            }
        }
        func exists(_ path: String) -> Bool {
            let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
            if ["", "Sources/", "docs/"].contains(where: {
                FileManager.default.fileExists(atPath: Self.root.appendingPathComponent($0 + trimmed).path)
            }) {
                return true
            }
            return entries.contains { $0 == trimmed || $0.hasSuffix("/" + trimmed) }
        }
        var unknownTypes: [String] = []
        var unknownPaths: [String] = []
        for match in document.matches(of: /`([^`\s]+)`/) {
            let name = String(match.output.1)
            if name.hasSuffix("/") || name.hasSuffix(".swift") || name.hasSuffix(".md") || name.hasSuffix(".sh") {
                if !exists(name) { unknownPaths.append(name) }
            } else if let first = name.unicodeScalars.first, ("A"..."Z").contains(first),
                name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" })
            {
                let type = String(name.prefix { $0 != "." })
                if type.count > 2, type != type.uppercased(), !declared.contains(type) { unknownTypes.append(type) }
            }
        }
        #expect(unknownTypes == [], "types docs/architecture.md names that Sources does not declare")
        #expect(unknownPaths == [], "files and folders docs/architecture.md names that are not in the repository")
    }
}
