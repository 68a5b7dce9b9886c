/// An HTML file of the bundle loads a file the bundle does not have.
public struct RakutenMissingFile: Rule {
    public static let description = RuleDescription(
        id: "rakuten-missing-file", domain: .rakuten, severity: .error,
        summary: "An HTML file loads a script, stylesheet or image that is not in the bundle.",
        rationale: """
            The host serves the app from `mscheme.<app id>://miniapp/`: each request reads the \
            file at that path in the version's folder (`/x` from the root, `x` from the page's \
            folder, `..` stopping at the root), and a file that is not there fails the request. \
            What a development server or a bundler would have served (`node_modules/`, a \
            build output) is not there unless it is in the bundle. The SDK's script comes from \
            its registry package: `npm install` copies `build/miniapp.bundle.js` into \
            `vendor/` (the `rakuten` template's `package.json`).
            """,
        runtimeFacts: ["rakuten.scheme-files"],
        triggering: [
            .rakuten(
                [
                    (
                        "index.html",
                        """
                        <!DOCTYPE html>
                        <html>
                        <head>
                          <link rel="stylesheet" href="1️⃣/css/style.css">
                          <script src="vendor/miniapp.bundle.js"></script>
                        </head>
                        <body></body>
                        </html>

                        """
                    )
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'/css/style.css' loads 'css/style.css', which is not in the bundle: the host fails the request; did you mean 'style.css'?"
                    )
                ]),
            .rakuten(
                [
                    (
                        "index.html",
                        "<!DOCTYPE html>\n<html><head><script src=\"1️⃣vendor/miniapp.bundle.js\"></script></head><body></body></html>\n"
                    )
                ],
                removing: ["vendor/miniapp.bundle.js"],
                expected: [
                    .at(
                        "1️⃣",
                        "'vendor/miniapp.bundle.js' loads 'vendor/miniapp.bundle.js', which is not in the bundle: the host fails the request; run 'npm install', which copies the SDK's 'build/miniapp.bundle.js' there"
                    )
                ]),
        ],
        nonTriggering: [
            .rakuten([
                (
                    "index.html",
                    """
                    <!DOCTYPE html>
                    <html>
                    <head>
                      <link rel="stylesheet" href="/style.css?v=2">
                      <link rel="preconnect" href="https://example.com">
                      <script src="./vendor/miniapp.bundle.js"></script>
                      <script src="main.js"></script>
                    </head>
                    <body><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></body>
                    </html>

                    """
                )
            ])
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.rakutenBundle.references.filter { !model.project.contains($0.path) }.map { reference in
            var hint = ""
            if reference.path.hasSuffix("miniapp.bundle.js") {
                hint = "; run 'npm install', which copies the SDK's 'build/miniapp.bundle.js' there"
            } else if let closest = FilePathSuggestion.closest(to: reference.path, in: model.project)
                ?? Self.sameName(reference.path, in: model)
            {
                hint = "; did you mean '\(closest)'?"
            }
            return Finding(
                "'\(reference.text)' loads '\(reference.path)', which is not in the bundle: the host fails the request\(hint)",
                at: reference.span)
        }
    }

    /// A bundle file of the same name in another folder (the one nearest the root).
    static func sameName(_ path: String, in model: ProjectModel) -> String? {
        guard let name = path.split(separator: "/").last?.lowercased() else { return nil }
        return model.project.paths.filter { $0.split(separator: "/").last?.lowercased() == name }
            .min { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }
    }
}
