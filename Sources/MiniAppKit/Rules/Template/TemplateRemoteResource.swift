/// A `src` or `href` in a page template that loads from the network.
public struct TemplateRemoteResource: PageRule {
    public static let description = RuleDescription(
        id: "template-remote-resource", domain: .template, severity: .warning,
        summary: "A page template loads a script, style, image or frame from a remote URL.",
        rationale: """
            A MiniApp ships every resource in its signed package; runtimes load only what the \
            package holds (W3C MiniApp Packaging), so a remote `src` shows nothing offline or \
            at all, and what it loads was never reviewed or signed. Put the file in the package, \
            or fetch data with `skip.net.fetch` in the logic layer. Links (`<a href>`) are not \
            resources and are not reported. A warning: SkipMiniApp's web view loads the page from \
            a file and fetches a remote `src` when the phone is online, so it fails offline and \
            on hosts that load only the package, not every time.
            """,
        triggering: [
            .file(
                "pages/index/index.html", "<body x-data=\"page\">\n  <img src=\"1️⃣https://example.com/logo.png\">\n</body>\n",
                expected: [.at("1️⃣", "'<img src>' loads 'https://example.com/logo.png' from the network; ship the file in the package")])
        ],
        nonTriggering: [
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <img src=\"../../icons/app.svg\">\n  <a href=\"https://example.com\">site</a>\n</body>\n")
        ])

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        guard let template = page.template else { return [] }
        return template.elements.flatMap { element in
            template.attributes(of: element).compactMap { attribute -> Finding? in
                let name = attribute.lowercasedName
                guard name == "src" || name == "srcset" || name == "poster" || name == "data" || (name == "href" && element.name == "link"),
                    let value = attribute.value, Self.isRemote(value)
                else { return nil }
                let range = attribute.valueRange ?? attribute.nameRange
                return Finding(
                    "'<\(element.name) \(name)>' loads '\(value)' from the network; ship the file in the package", at: page.span(range))
            }
        }
    }

    static func isRemote(_ value: String) -> Bool {
        let lowered = value.trimmingWhitespace.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || lowered.hasPrefix("//")
    }
}
