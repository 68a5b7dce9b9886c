/// A `<script>` element in a page template.
public struct TemplateScriptElement: PageRule {
    public static let description = RuleDescription(
        id: "template-script-element", domain: .template, severity: .error,
        summary: "A page template contains a '<script>' element.",
        rationale: """
            Page logic belongs in the page's `.js` file, which runs in the logic layer; the \
            runtime injects Alpine and its bridge into the view itself. A script in the template \
            runs in the WebView with no host API and no page data, fights the runtime's Alpine, \
            and a remote one loads code nobody reviewed.
            """,
        triggering: [
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  1️⃣<script src=\"https://cdn.example.com/alpine.js\"></script>\n</body>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'<script>' in a page template runs in the view, outside the logic layer; put page logic in 'pages/index/index.js'")
                ])
        ],
        nonTriggering: [
            // A JSON data block is not code.
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <script type=\"application/json\">{ \"version\": 1 }</script>\n</body>\n")
        ])

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        guard let template = page.template else { return [] }
        return template.elements(named: "script").compactMap { index in
            let element = template.elements[index]
            // JSON data blocks and templates are not code.
            if let type = template.attribute(named: "type", of: element)?.value?.lowercased(), !type.isEmpty,
                !["text/javascript", "module", "application/javascript"].contains(type)
            {
                return nil
            }
            return Finding(
                "'<script>' in a page template runs in the view, outside the logic layer; put page logic in '\(page.scriptPath)'",
                at: page.span(element.range.lowerBound..<element.nameRange.upperBound))
        }
    }
}
