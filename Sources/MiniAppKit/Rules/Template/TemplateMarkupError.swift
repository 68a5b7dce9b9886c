/// The page's HTML has a markup error libxml2 reports.
public struct TemplateMarkupError: PageRule {
    public static let description = RuleDescription(
        id: "template-markup-error", domain: .template, severity: .error,
        summary:
            "A page template has broken markup: an unclosed or mismatched tag, a bad character reference, invalid UTF-8, runaway nesting.",
        rationale: """
            The WebView repairs broken HTML its own way, which moves elements out of the `x-data` \
            root or into the wrong parent, so directives bind to the wrong scope or not at all. \
            mactl parses templates with libxml2's HTML parser and reports what it had to repair. \
            HTML5 elements such as `<template>` and `<section>`, which libxml2 2.9 does not know, are \
            not reported.
            """,
        triggering: [
            .file(
                "pages/index/index.html",
                "<!DOCTYPE html>\n<html>\n<body x-data=\"page\">\n  <p x-text=\"store.title\"></p>\n  1️⃣</div>\n</body>\n</html>\n",
                expected: [.at("1️⃣", "unexpected end tag 'div'")])
        ],
        nonTriggering: [
            .file(
                "pages/index/index.html",
                "<!DOCTYPE html>\n<html>\n<body x-data=\"page\">\n  <section><template x-if=\"store.title\"><p x-text=\"store.title\"></p></template></section>\n</body>\n</html>\n"
            ),
            // A zero-byte template, which SkipMiniApp skips: `project-empty-file` reports it.
            .file("pages/index/index.html", ""),
        ])

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        // A zero-byte template the runtime skips is `project-empty-file`'s.
        guard let template = page.template, !runtime.skipsAsEmpty(page.template?.file) else { return [] }
        var findings = template.issues.map { Finding($0.message, at: template.span($0.range)) }
        if template.omittedIssueCount > 0, let last = template.issues.last {
            findings.append(Finding("\(template.omittedIssueCount) more markup errors are not shown", at: template.span(last.range)))
        }
        return findings
    }
}
