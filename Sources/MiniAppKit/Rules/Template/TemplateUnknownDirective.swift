/// An `x-` attribute that is not an Alpine directive.
public struct TemplateUnknownDirective: PageRule {
    public static let description = RuleDescription(
        id: "template-unknown-directive", domain: .template, severity: .error,
        summary: "An 'x-' attribute is not a directive of the Alpine.js core build the runtime bundles.",
        rationale: """
            Alpine ignores an attribute it has no directive for, so `x-txt` or `x-on-click` shows \
            nothing and reports nothing. Plugin directives (`x-intersect`, `x-mask`, `x-trap`, \
            `x-collapse`, ...) are not in the runtime's CSP bundle either.
            """,
        triggering: [
            .file(
                "pages/index/index.html", "<body x-data=\"page\">\n  <p 1️⃣x-txt=\"store.title\"></p>\n</body>\n",
                expected: [.at("1️⃣", "unknown directive 'x-txt'; did you mean 'x-text'?").fixIt("x-text")])
        ],
        nonTriggering: [
            .file(
                "pages/index/index.html", "<body x-data=\"page\">\n  <p x-text=\"store.title\" x-cloak x-transition.opacity></p>\n</body>\n"
            )
        ])

    public static let knownDirectives = [
        "x-data", "x-init", "x-show", "x-bind", "x-on", "x-text", "x-html", "x-model", "x-modelable", "x-for",
        "x-transition", "x-effect", "x-ignore", "x-ref", "x-cloak", "x-teleport", "x-if", "x-id",
    ]

    static let pluginDirectives: Set<String> = [
        "x-intersect", "x-mask", "x-trap", "x-collapse", "x-anchor", "x-sort", "x-resize", "x-persist",
    ]

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        page.directives.compactMap { use -> Finding? in
            guard case .unknown(let name) = use.directive.kind else { return nil }
            let nameLength = name.utf8.count
            let range =
                use.attribute.nameRange
                .lowerBound..<min(use.attribute.nameRange.upperBound, use.attribute.nameRange.lowerBound + nameLength)
            if Self.pluginDirectives.contains(name) {
                return Finding(
                    "'\(name)' is an Alpine plugin directive, which the runtime's Alpine bundle does not include", at: page.span(range))
            }
            var message = "unknown directive '\(name)'"
            var fixIt: FixIt?
            if let suggestion = NameSuggester.closest(to: name, in: Self.knownDirectives) {
                message += "; did you mean '\(suggestion)'?"
                fixIt = FixIt(message: "replace with '\(suggestion)'", span: page.span(range), replacement: suggestion)
            }
            return Finding(message, at: page.span(range), fixIt: fixIt)
        }
    }
}
