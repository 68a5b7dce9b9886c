/// A directive value the Alpine CSP build cannot parse.
public struct TemplateUnsupportedExpression: PageRule {
    public static let description = RuleDescription(
        id: "template-unsupported-expression", domain: .template, severity: .error,
        summary: "A directive's expression uses syntax the Alpine.js CSP build cannot parse.",
        rationale: """
            The runtime bundles Alpine's CSP build, which never uses `eval`: it has its own \
            expression parser (mactl follows the one in Alpine 3.15 and later). It has no template \
            literals, arrow functions, `?.`, `??`, spread, `typeof`, `new`, compound assignment or \
            bitwise operators, and runs one expression, not statements. Such a value fails in the \
            WebView console and the element shows nothing. Compute the value in a page handler and \
            `setData` it.
            """,
        triggering: [
            .file(
                "pages/index/index.html", "<body x-data=\"page\">\n  <p x-text=\"store.user1️⃣?.name\"></p>\n</body>\n",
                expected: [.at("1️⃣", "optional chaining '?.' is not supported by the Alpine CSP build")])
        ],
        nonTriggering: [
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <p x-text=\"store.user ? store.user.name : $t('anonymous')\"></p>\n</body>\n")
        ])

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        page.directives.compactMap { use in
            guard let failure = use.failure else { return nil }
            return Finding(failure.message, at: page.span(use.fileRange(failure.range)))
        }
    }
}
