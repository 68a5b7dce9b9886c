import Foundation

/// The app id cannot be part of the URL scheme the host loads the app from.
public struct RakutenAppIDScheme: Rule {
    public static let description = RuleDescription(
        id: "rakuten-app-id-scheme", domain: .rakuten, severity: .error,
        summary: "'app_id' is missing, or cannot be part of the URL scheme 'mscheme.<app id>' the host loads the app from.",
        rationale: """
            The host registers a URL scheme handler for `mscheme.<app id>` and loads \
            `mscheme.<app id>://miniapp/index.html`. WebKit accepts a scheme only of ASCII \
            letters, digits, `+`, `-` and `.`: an id with `_`, a space or any other \
            character makes it throw, and the host app crashes opening the mini app. WebKit \
            also lowercases the scheme, and the handler finds the app's folder by the \
            lowercased id while the download wrote it under the id as given, so an id with \
            capitals works only on a case-insensitive volume: a warning. The catalog serves \
            the app under this id, and `pack` names the bundle after it.
            """,
        runtimeFacts: ["rakuten.url-scheme"],
        triggering: [
            .rakuten(
                [
                    (
                        "manifest.json",
                        """
                        {
                          "app_id": 1️⃣"org.example.my_app",
                          "name": "Demo",
                          "version": { "code": 1, "name": "1.0.0" },
                          "reqPermissions": [{ "name": "rakuten.miniapp.user.USER_NAME" }]
                        }
                        """
                    )
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "app id 'org.example.my_app' has '_', which a URL scheme cannot hold: the host app crashes registering 'mscheme.org.example.my_app'; use letters, digits, '-' and '.'"
                    )
                ]),
            .rakuten(
                [
                    (
                        "manifest.json",
                        """
                        {
                          "app_id": 1️⃣"org.example.MyApp",
                          "name": "Demo",
                          "version": { "code": 1, "name": "1.0.0" },
                          "reqPermissions": [{ "name": "rakuten.miniapp.user.USER_NAME" }]
                        }
                        """
                    )
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "app id 'org.example.MyApp' has capitals: WebKit lowercases the scheme, and the host then looks for the app's files under 'org.example.myapp', which only a case-insensitive volume finds"
                    ).severity(.warning)
                ]),
        ],
        nonTriggering: [.rakuten([])])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let document = model.manifestDocument else {
            return [
                Finding("the bundle has no 'manifest.json': mactl needs its 'app_id' and 'version'", at: .file(ProjectModel.manifestPath))
            ]
        }
        guard let root = document.root, root.members != nil else { return [] }
        guard let node = root["app_id"], let id = node.stringValue, !id.isEmpty else {
            return [
                Finding(
                    "the manifest has no 'app_id' string: the catalog serves the app under it, and the host loads it from 'mscheme.<app id>://'",
                    at: root["app_id"].map { document.span($0.range) } ?? .file(ProjectModel.manifestPath))
            ]
        }
        let span = document.span(node.range)
        let scalars = Array(id.unicodeScalars)
        if let first = scalars.first, !(first.isASCII && CharacterSet.letters.contains(first)) {
            return [
                Finding(
                    "app id '\(id)' starts with '\(first)', but a URL scheme starts with a letter: the host app crashes registering 'mscheme.\(id)'",
                    at: span)
            ]
        }
        let invalid = scalars.filter { !($0.isASCII && (CharacterSet.alphanumerics.contains($0) || "+-.".unicodeScalars.contains($0))) }
        if !invalid.isEmpty {
            var seen: Set<Unicode.Scalar> = []
            let listed = invalid.filter { seen.insert($0).inserted }.map { "'\($0)'" }.joined(separator: ", ")
            return [
                Finding(
                    "app id '\(id)' has \(listed), which a URL scheme cannot hold: the host app crashes registering 'mscheme.\(id)'; use letters, digits, '-' and '.'",
                    at: span)
            ]
        }
        if id != id.lowercased() {
            return [
                Finding(
                    "app id '\(id)' has capitals: WebKit lowercases the scheme, and the host then looks for the app's files under '\(id.lowercased())', which only a case-insensitive volume finds",
                    at: span, defaultSeverity: .warning)
            ]
        }
        return []
    }
}
