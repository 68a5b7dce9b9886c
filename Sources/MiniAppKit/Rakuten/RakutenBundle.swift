import Foundation

/// What the `rakuten` rules read from a web bundle: the permissions its manifest declares, the
/// SDK calls its scripts make that the host checks a permission for, and the files its HTML
/// loads. Read from the project as it is, with positions.
public struct RakutenBundle: Sendable {
    /// A permission name in `reqPermissions` or `optPermissions`.
    public struct DeclaredPermission: Sendable, Hashable {
        public var name: String
        /// `reqPermissions` or `optPermissions`.
        public var list: String
        public var span: SourceSpan
        public var permission: RakutenPermission? { RakutenPermission(rawValue: name) }
    }

    /// A call the host answers only with a permission, where a script makes it.
    public struct SDKCall: Sendable {
        public var call: RakutenCheckedCall
        public var span: SourceSpan
        /// Its arguments, as far as they are literals.
        public var arguments: [Argument] = []
    }

    /// An argument of a checked call: a string literal, an array of string literals, or
    /// anything else, which is not read.
    public enum Argument: Sendable {
        case string(String, SourceSpan)
        case strings([(text: String, span: SourceSpan)])
        case other
    }

    /// A file an HTML file loads (`<script src>`, `<link href>`, `<img src>`, ...), resolved to
    /// a path in the bundle.
    public struct FileReference: Sendable, Hashable {
        public var path: String
        /// The attribute's value as written.
        public var text: String
        public var span: SourceSpan
    }

    public var declared: [DeclaredPermission] = []
    public var calls: [SDKCall] = []
    public var references: [FileReference] = []

    /// The page the host opens first (`rakuten.index-root`).
    public static let indexPath = "index.html"

    public init(_ model: ProjectModel) {
        declared = Self.declaredPermissions(model)
        for path in model.project.paths where Self.isAuthorScript(path) {
            guard let file = model.project.file(path) else { continue }
            calls += Self.checkedCalls(in: JavaScriptLexer.lex(file).tokens, file: file, offset: 0)
        }
        for path in model.project.paths where path.lowercased().hasSuffix(".html") || path.lowercased().hasSuffix(".htm") {
            guard let file = model.project.file(path) else { continue }
            let template = TemplateParser.parse(file)
            references += Self.fileReferences(in: template, from: path)
            for range in Self.inlineScriptRanges(in: template) {
                let tokens = JavaScriptLexer.lex(Array(file.bytes[range])).tokens
                calls += Self.checkedCalls(in: tokens, file: file, offset: range.lowerBound)
            }
        }
    }

    /// Scripts the author wrote: not the SDK's bundle or other vendored code, whose own method
    /// definitions would read as calls.
    static func isAuthorScript(_ path: String) -> Bool {
        let lowered = path.lowercased()
        guard lowered.hasSuffix(".js") || lowered.hasSuffix(".mjs") else { return false }
        let name = lowered.split(separator: "/").last.map(String.init) ?? lowered
        return !lowered.hasPrefix("vendor/") && !lowered.hasPrefix("node_modules/") && name != "miniapp.bundle.js"
            && !name.hasSuffix(".min.js")
    }

    // MARK: - Manifest

    static func declaredPermissions(_ model: ProjectModel) -> [DeclaredPermission] {
        guard let document = model.manifestDocument, let root = document.root else { return [] }
        var declared: [DeclaredPermission] = []
        for list in RakutenPermission.manifestLists {
            for element in root[list]?.elements ?? [] {
                guard let name = element["name"], let text = name.stringValue else { continue }
                declared.append(DeclaredPermission(name: text, list: list, span: document.file.span(name.range)))
            }
        }
        return declared
    }

    // MARK: - Scripts

    /// The checked calls among `tokens`: a method of `RakutenCheckedCall.all` called on the
    /// object it belongs to (`MiniApp.user.getUserName(`, `sdk.getPoints(` where `sdk` holds the
    /// SDK object, `navigator.geolocation.getCurrentPosition(`).
    static func checkedCalls(in tokens: [JavaScriptToken], file: SourceFile, offset: Int) -> [SDKCall] {
        let sdkNames = sdkBindings(in: tokens)
        var found: [SDKCall] = []
        for index in tokens.indices where tokens[index].kind == .identifier {
            let candidates = RakutenCheckedCall.all.filter { $0.method == tokens[index].text }
            guard !candidates.isEmpty, index >= 2, isMemberAccess(tokens[index - 1]), index + 1 < tokens.count,
                tokens[index + 1].isPunctuator("(") || tokens[index + 1].isPunctuator("?.")
            else { continue }
            let chain = receiverChain(tokens, before: index - 1)
            guard let receiver = chain.last else { continue }
            for call in candidates
            where call.receivers.contains(where: { matches($0, receiver: receiver, chain: chain, sdkNames: sdkNames) }) {
                let range = tokens[index].range
                found.append(
                    SDKCall(
                        call: call, span: file.span((range.lowerBound + offset)..<(range.upperBound + offset)),
                        arguments: arguments(tokens, openingAt: index + 1, file: file, offset: offset)))
                break
            }
        }
        return found
    }

    /// The arguments of the call whose `(` is at `open`: each a string literal, an array of
    /// string literals, or `.other`. Nesting is followed with a depth count, not recursion.
    static func arguments(_ tokens: [JavaScriptToken], openingAt open: Int, file: SourceFile, offset: Int) -> [Argument] {
        guard open < tokens.count, tokens[open].isPunctuator("(") else { return [] }
        var groups: [[JavaScriptToken]] = [[]]
        var depth = 0
        var position = open + 1
        while position < tokens.count {
            let token = tokens[position]
            if token.kind == .template(.head) || (token.kind == .punctuator && ["(", "[", "{"].contains(token.text)) {
                depth += 1
            } else if token.kind == .template(.tail) || (token.kind == .punctuator && [")", "]", "}"].contains(token.text)) {
                if depth == 0 { break }
                depth -= 1
            } else if depth == 0, token.isPunctuator(",") {
                groups.append([])
                position += 1
                continue
            }
            groups[groups.count - 1].append(token)
            position += 1
        }
        func span(_ token: JavaScriptToken) -> SourceSpan {
            file.span((token.range.lowerBound + offset)..<(token.range.upperBound + offset))
        }
        return groups.filter { !$0.isEmpty }.map { group -> Argument in
            if group.count == 1, group[0].isStringLike { return .string(group[0].text, span(group[0])) }
            guard group.count >= 2, group.first?.isPunctuator("[") == true, group.last?.isPunctuator("]") == true else { return .other }
            var items: [(text: String, span: SourceSpan)] = []
            for (position, token) in group.dropFirst().dropLast().enumerated() {
                if position % 2 == 0 {
                    guard token.isStringLike else { return .other }
                    items.append((token.text, span(token)))
                } else if !token.isPunctuator(",") {
                    return .other
                }
            }
            return .strings(items)
        }
    }

    private static func isMemberAccess(_ token: JavaScriptToken) -> Bool { token.isPunctuator(".") || token.isPunctuator("?.") }

    /// The names of `a.b.c` before a `.` at `dot`, outermost first.
    private static func receiverChain(_ tokens: [JavaScriptToken], before dot: Int) -> [String] {
        var names: [String] = []
        var position = dot - 1
        while position >= 0, tokens[position].kind == .identifier, names.count < 8 {
            names.insert(tokens[position].text, at: 0)
            guard position >= 2, isMemberAccess(tokens[position - 1]) else { break }
            position -= 2
        }
        return names
    }

    private static func matches(
        _ expected: RakutenCheckedCall.Receiver, receiver: String, chain: [String], sdkNames: Set<String>
    ) -> Bool {
        switch expected {
        case .member(let name): return receiver == name
        case .geolocation: return receiver == "geolocation"
        case .sdk:
            // `MiniApp` is the module's default export once imported, and the bundled script's
            // global, whose `default` is the SDK object.
            if receiver == "MiniApp" || sdkNames.contains(receiver) { return true }
            return receiver == "default" && chain.count >= 2
                && (chain[chain.count - 2] == "MiniApp" || sdkNames.contains(chain[chain.count - 2]))
        }
    }

    /// Names a script binds to the SDK: `import sdk from 'js-miniapp-sdk'`, `import * as sdk
    /// from ...`, `require('js-miniapp-sdk')`, and `const sdk = MiniApp.default` (or any
    /// chain through `MiniApp`).
    static func sdkBindings(in tokens: [JavaScriptToken]) -> Set<String> {
        var names: Set<String> = []
        for index in tokens.indices {
            let token = tokens[index]
            if token.isIdentifier("import") {
                var position = index + 1
                var bound: [String] = []
                while position < tokens.count, position < index + 12, !tokens[position].isIdentifier("from") {
                    if tokens[position].kind == .identifier, !tokens[position].isIdentifier("as") { bound.append(tokens[position].text) }
                    if tokens[position].isPunctuator("{") { break }
                    position += 1
                }
                if position + 1 < tokens.count, tokens[position].isIdentifier("from") || tokens[position].isPunctuator("{"),
                    tokens[(position + 1)...].prefix(12).contains(where: { $0.kind == .string && $0.text == "js-miniapp-sdk" })
                {
                    names.formUnion(bound)
                }
            }
            guard token.isPunctuator("="), index >= 1, tokens[index - 1].kind == .identifier else { continue }
            let name = tokens[index - 1].text
            var position = index + 1
            var chain: [String] = []
            while position < tokens.count, tokens[position].kind == .identifier {
                chain.append(tokens[position].text)
                guard position + 1 < tokens.count, isMemberAccess(tokens[position + 1]) else { break }
                position += 2
            }
            let isRequire =
                chain == ["require"] && position + 2 < tokens.count && tokens[position + 1].isPunctuator("(")
                && tokens[position + 2].kind == .string && tokens[position + 2].text == "js-miniapp-sdk"
            if isRequire || (chain.contains("MiniApp") && chain.last.map { $0 == "MiniApp" || $0 == "default" } == true) {
                names.insert(name)
            }
        }
        return names
    }

    /// The byte ranges of the `<script>` elements' code that have no `src`.
    static func inlineScriptRanges(in template: PageTemplate) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for tag in template.startTags where tag.name.lowercased() == "script" && !tag.isSelfClosing {
            guard !template.attributes(of: tag).contains(where: { $0.lowercasedName == "src" }) else { continue }
            let type = template.attributes(of: tag).first { $0.lowercasedName == "type" }?.value?.lowercased()
            if let type, !["", "module", "text/javascript", "application/javascript"].contains(type) { continue }
            guard
                let end = template.endTags.first(where: { $0.name.lowercased() == "script" && $0.range.lowerBound >= tag.range.upperBound })
            else { continue }
            ranges.append(tag.range.upperBound..<end.range.lowerBound)
        }
        return ranges
    }

    // MARK: - Files an HTML file loads

    /// The attributes that load a file into the page, by element.
    static let loadingAttributes: [String: String] = [
        "script": "src", "link": "href", "img": "src", "source": "src", "audio": "src", "video": "src", "iframe": "src",
        "track": "src", "embed": "src",
    ]

    static func fileReferences(in template: PageTemplate, from htmlPath: String) -> [FileReference] {
        var references: [FileReference] = []
        for tag in template.startTags {
            guard let attributeName = loadingAttributes[tag.name.lowercased()],
                let attribute = template.attributes(of: tag).first(where: { $0.lowercasedName == attributeName }),
                let value = attribute.value, let valueRange = attribute.valueRange,
                let path = resolve(value, from: htmlPath)
            else { continue }
            references.append(FileReference(path: path, text: value, span: template.span(valueRange)))
        }
        return references
    }

    /// The bundle path a URL in `htmlPath` loads from `mscheme.<id>://miniapp/`, or nil when it
    /// loads nothing from the bundle (another scheme, `//host`, a fragment, an empty value).
    /// `/x` is the bundle's root, and `..` stops there, as the scheme handler resolves them.
    public static func resolve(_ url: String, from htmlPath: String) -> String? {
        let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), !trimmed.hasPrefix("//"), !hasScheme(trimmed) else { return nil }
        var path = trimmed
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<cut]) }
        guard !path.isEmpty, let decoded = path.removingPercentEncoding else { return nil }
        var parts: [String] = decoded.hasPrefix("/") ? [] : htmlPath.split(separator: "/").dropLast().map(String.init)
        for part in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(String(part))
        }
        guard !parts.isEmpty else { return nil }
        return parts.joined(separator: "/")
    }

    /// Whether the URL starts with a scheme (`https:`, `data:`, `tel:`): letters, then letters,
    /// digits, `+`, `-` or `.`, then `:`.
    private static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let scheme = Array(text[..<colon].unicodeScalars)
        guard let first = scheme.first, first.isASCII, CharacterSet.letters.contains(first) else { return false }
        return scheme.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "+-.".unicodeScalars.contains($0)) }
    }
}

extension ProjectModel {
    /// The web bundle's permissions, checked calls and loaded files, read once per model and
    /// shared by the `rakuten` rules (`DerivedValues`): each HTML file parsed and each script
    /// lexed once, not once a rule.
    public var rakutenBundle: RakutenBundle { derived.value(RakutenBundle.self) { RakutenBundle(self) } }
}
