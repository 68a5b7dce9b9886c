/// A template expression calls the host API.
public struct TemplateHostAPI: PageRule {
    public static let description = RuleDescription(
        id: "template-host-api", domain: .template, severity: .error,
        summary: "A template expression uses 'skip.*' or 'miniapp.*'.",
        rationale: """
            The host API lives in the logic layer only; the WebView has no `skip` object, so the \
            expression fails with "Undefined variable". Call a page handler and use the host API \
            there (`@click="onOpen()"` with `skip.nav.navigateTo` in `onOpen`).
            """,
        triggering: [
            .file(
                "pages/index/index.html", "<body x-data=\"page\">\n  <button @click=\"1️⃣skip.nav.navigateBack()\">back</button>\n</body>\n",
                expected: [
                    .at("1️⃣", "'skip' is the logic layer's host API and does not exist in the view; call a page handler that uses it")
                ])
        ],
        nonTriggering: [
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <button @click=\"onBack()\" x-text=\"store.skip\">back</button>\n</body>\n")
        ])

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        page.directives.flatMap { use -> [Finding] in
            let scope = page.scope(ofElement: use.element)
            return use.rootIdentifiers.compactMap { name, range in
                guard ScriptFacts.hostNamespaces.contains(name), !scope.contains(name) else { return nil }
                return Finding(
                    "'\(name)' is the logic layer's host API and does not exist in the view; call a page handler that uses it",
                    at: page.span(use.fileRange(range)))
            }
        }
    }
}
