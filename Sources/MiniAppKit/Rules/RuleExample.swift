import Foundation

/// A small project that shows a rule at work. Its files may hold markers (`1️⃣`, `2️⃣`, ...)
/// where a diagnostic is expected; the tests strip them, lint the project and compare the
/// rule's diagnostics with `expected`, position and message.
public struct RuleExample: Sendable {
    /// The files shown in the docs, with markers.
    public var files: [(path: String, text: String)]
    /// Files the example needs but the docs need not show (the rest of a minimal app).
    public var supportFiles: [String: String]
    /// Binary files the example needs (images), not shown in the docs.
    public var binaryFiles: [String: [UInt8]] = [:]
    /// Files of the minimal app to leave out, to show what happens when they are missing.
    public var removedFiles: [String]
    public var expected: [ExpectedFinding]
    /// Text of `.mactl.yml` for configuration examples (with markers), if any.
    public var configuration: String?
    /// The app the example changes: the minimal MiniApp, or the minimal web bundle of the
    /// `rakuten` rules.
    public var base: [String: String] = MinimalApp.files

    public init(
        files: [(path: String, text: String)], supportFiles: [String: String] = [:],
        removedFiles: [String] = [], configuration: String? = nil, expected: [ExpectedFinding] = []
    ) {
        self.files = files
        self.supportFiles = supportFiles
        self.removedFiles = removedFiles
        self.configuration = configuration
        self.expected = expected
    }

    /// An example made of the minimal app with this manifest.
    public static func manifest(
        _ text: String, files: [String: String] = [:], binaryFiles: [String: [UInt8]] = [:], removing: [String] = [],
        expected: [ExpectedFinding] = []
    ) -> RuleExample {
        var example = RuleExample(files: [("manifest.json", text)], supportFiles: files, removedFiles: removing, expected: expected)
        example.binaryFiles = binaryFiles
        return example
    }

    /// An example made of the minimal app whose manifest has these members in place of its
    /// own or added after them: `members` is the body of a JSON object (`"pages": [...],
    /// "tab_bar": {...}`), markers allowed. Examples state only what they are about, and the
    /// docs still show the whole manifest.
    public static func manifest(
        members: String, files: [String: String] = [:], binaryFiles: [String: [UInt8]] = [:], removing: [String] = [],
        expected: [ExpectedFinding] = []
    ) -> RuleExample {
        manifest(MinimalApp.manifest(with: members), files: files, binaryFiles: binaryFiles, removing: removing, expected: expected)
    }

    /// The minimal app with a second page and a tab bar of two tabs: the near-miss of the tab rules.
    public static let twoTabApp = manifest(
        members: """
            "pages": ["pages/index/index", "pages/me/me"],
            "tab_bar": { "tabs": [
              { "page": "pages/index/index", "text": "Home", "icon": "icons/app.svg" },
              { "page": "pages/me/me", "text": "Me", "icon": "icons/app.svg" }
            ] }
            """, files: ["pages/me/me.html": "<body x-data=\"page\"></body>\n"])

    /// An example made of the minimal app with one file added or replaced.
    public static func file(
        _ path: String, _ text: String, removing: [String] = [], expected: [ExpectedFinding] = []
    ) -> RuleExample {
        RuleExample(files: [(path, text)], removedFiles: removing, expected: expected)
    }

    /// An example made of the minimal app with files removed.
    public static func removing(_ paths: [String], expected: [ExpectedFinding]) -> RuleExample {
        RuleExample(files: [], removedFiles: paths, expected: expected)
    }

    /// An example made of the minimal web bundle (`MinimalRakutenApp`), checked against the
    /// `rakuten` profile, with these files added or replaced.
    public static func rakuten(
        _ files: [(path: String, text: String)], supportFiles: [String: String] = [:], removing: [String] = [],
        expected: [ExpectedFinding] = []
    ) -> RuleExample {
        var example = RuleExample(
            files: files, supportFiles: supportFiles, removedFiles: removing, configuration: "runtime: rakuten\n", expected: expected)
        example.base = MinimalRakutenApp.files
        return example
    }
}

/// A diagnostic an example expects: at a marker, or on a file with no position.
public struct ExpectedFinding: Sendable, Hashable {
    public var marker: String?
    public var path: String?
    public var message: String
    /// The notes' messages, when the example pins them (as swift-syntax's `DiagnosticSpec`).
    public var notes: [String]?
    /// The fix-it's replacement text, when the example pins it; a rule that emits fix-its
    /// pins one in its examples.
    public var fixIt: String?
    /// The severity, when the finding's differs from the rule's (`Finding.defaultSeverity`):
    /// the tests check it and the docs show it.
    public var severity: Severity?

    /// This finding with its notes pinned.
    public func notes(_ messages: [String]) -> ExpectedFinding {
        var pinned = self
        pinned.notes = messages
        return pinned
    }

    /// This finding with its fix-it's replacement pinned.
    public func fixIt(_ replacement: String) -> ExpectedFinding {
        var pinned = self
        pinned.fixIt = replacement
        return pinned
    }

    /// This finding with its severity pinned.
    public func severity(_ severity: Severity) -> ExpectedFinding {
        var pinned = self
        pinned.severity = severity
        return pinned
    }

    public static func at(_ marker: String, _ message: String) -> ExpectedFinding {
        ExpectedFinding(marker: marker, path: nil, message: message)
    }

    public static func file(_ path: String, _ message: String) -> ExpectedFinding {
        ExpectedFinding(marker: nil, path: path, message: message)
    }
}

/// The smallest web bundle that lints clean under the `rakuten` profile: the base of the
/// `rakuten` rules' examples.
public enum MinimalRakutenApp {
    public static let manifest = """
        {
          "app_id": "org.example.demo",
          "name": "Demo",
          "version": { "code": 1, "name": "1.0.0" },
          "reqPermissions": [
            { "name": "rakuten.miniapp.user.USER_NAME", "reason": "To greet you by name." }
          ]
        }
        """

    public static let files: [String: String] = [
        "manifest.json": manifest,
        "index.html":
            "<!DOCTYPE html>\n<html>\n<head>\n  <link rel=\"stylesheet\" href=\"style.css\">\n  <script src=\"vendor/miniapp.bundle.js\"></script>\n  <script src=\"main.js\" defer></script>\n</head>\n<body>\n  <p id=\"greeting\"></p>\n</body>\n</html>\n",
        "main.js":
            "const sdk = window.MiniApp.default;\nsdk.user.getUserName().then((name) => {\n  document.getElementById('greeting').textContent = `Hello, ${name}`;\n});\n",
        "style.css": "body { margin: 0; }\n",
        "vendor/miniapp.bundle.js": "/* the SDK's bundle, copied from node_modules by npm install */\n",
    ]
}

/// The smallest project that lints clean: the base every example changes.
public enum MinimalApp {
    public static let manifest = manifest(with: "")

    /// The manifest's members, in order, as `(name, text)`.
    static let manifestMembers: [(name: String, text: String)] = [
        ("app_id", #""app_id": "org.example.demo""#),
        ("name", #""name": "Demo""#),
        ("icons", #""icons": [{ "src": "icons/app.svg", "sizes": "any" }]"#),
        ("version", #""version": { "code": 1, "name": "1.0.0" }"#),
        ("platform_version", #""platform_version": { "min_code": 1 }"#),
        ("pages", #""pages": ["pages/index/index"]"#),
    ]

    /// The manifest with `members` (the body of a JSON object) in place of its own members of
    /// the same names, and the others added at the end, in their order.
    public static func manifest(with members: String) -> String {
        var merged = manifestMembers
        for member in topLevelMembers(of: members) {
            if let index = merged.firstIndex(where: { $0.name == member.name }) {
                merged[index] = member
            } else {
                merged.append(member)
            }
        }
        let body = merged.map { "  " + $0.text.replacingOccurrences(of: "\n", with: "\n  ") }.joined(separator: ",\n")
        return "{\n" + body + "\n}"
    }

    /// Splits the body of a JSON object at its top-level commas; a member's name is its first
    /// string. Example text is trusted: this is not a JSON parser.
    static func topLevelMembers(of body: String) -> [(name: String, text: String)] {
        var members: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        var escaped = false
        for character in body {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "{" || character == "[" {
                depth += 1
            } else if character == "}" || character == "]" {
                depth -= 1
            } else if character == "," && depth == 0 {
                members.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        members.append(current)
        return members.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }.map { text in
            let name = text.split(separator: "\"", maxSplits: 2, omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? ""
            return (name, text)
        }
    }

    public static let files: [String: String] = [
        "manifest.json": manifest,
        "app.js": "App({\n  onLaunch() {}\n});\n",
        "app.css": "body { margin: 0; }\n",
        "pages/index/index.html":
            "<!DOCTYPE html>\n<html>\n<head>\n  <link rel=\"stylesheet\" href=\"../../app.css\">\n</head>\n<body x-data=\"page\">\n  <p x-text=\"store.title\"></p>\n</body>\n</html>\n",
        "pages/index/index.js": "Page({\n  data: { title: 'Hello' },\n});\n",
        "icons/app.svg":
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\" width=\"24\" height=\"24\"><path d=\"M12 2C17.52 2 22 6.48 22 12S17.52 22 12 22 2 17.52 2 12 6.48 2 12 2z\" fill=\"currentColor\"/></svg>\n",
    ]
}
