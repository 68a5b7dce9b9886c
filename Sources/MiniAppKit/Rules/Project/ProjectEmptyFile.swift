/// A zero-byte page template, page script or linked `app.css`, which the runtime treats as missing.
public struct ProjectEmptyFile: Rule {
    public static let description = RuleDescription(
        id: "project-empty-file", domain: .project, severity: .error,
        summary: "A page's '.html' or '.js', or a linked 'app.css', is a zero-byte file, which the runtime treats as missing.",
        rationale: """
            SkipMiniApp skips zero-byte files when it loads an app from a folder, and an empty \
            page from a package shows nothing either. An empty page `.html` is a blank page (an \
            error). An empty page `.js` registers no `Page()`: the page has no data and no \
            handler works (a warning: write `Page({...})`, or delete the file for a static \
            page). An empty `app.css` is not copied, so a page's `<link>` to it fails, to no \
            visible effect while it is empty (a note; W3C packaging wants the file, even empty, \
            so it is reported only when a page links it). The diagnostics about the content of \
            such a file (a markup error, a missing `x-data` root, a missing `<link>`, a script \
            without `Page()`, handlers no template binds) are left out: this is the one to fix. \
            Runtimes that read empty files as they are (`w3c`) are not checked.
            """,
        runtimeFacts: ["skip.empty-files", "skip.route-files"],
        triggering: [
            RuleExample(
                files: [("pages/index/index.html", "")],
                expected: [
                    .file(
                        "pages/index/index.html",
                        "'pages/index/index.html' is empty, and the runtime skips zero-byte files: the page is blank; write its markup, with an 'x-data=\"page\"' root"
                    )
                ]),
            RuleExample(
                files: [("pages/index/index.js", "")],
                expected: [
                    .file(
                        "pages/index/index.js",
                        "'pages/index/index.js' is empty, and the runtime skips zero-byte files: the page registers no 'Page()', so it has no data and no handlers; write 'Page({...})', or delete the file for a static page"
                    )
                ]),
            RuleExample(
                files: [("app.css", "")],
                expected: [
                    .file(
                        "app.css",
                        "'app.css' is empty, and the runtime skips zero-byte files: the '<link>' to it loads nothing (harmless while it stays empty)"
                    )
                    .notes(["linked here"])
                ]),
        ],
        nonTriggering: [
            // One byte is not skipped (other rules check what it holds).
            RuleExample(files: [("pages/index/index.js", "\n")]),
            // An empty 'app.css' no page links, as W3C packaging wants it.
            RuleExample(files: [
                ("app.css", ""),
                (
                    "pages/index/index.html",
                    "<!DOCTYPE html>\n<html>\n<body x-data=\"page\">\n  <p x-text=\"store.title\"></p>\n</body>\n</html>\n"
                ),
            ]),
            // A page without a script is a static page.
            RuleExample(files: [], removedFiles: ["pages/index/index.js"]),
            RuleExample(files: [("pages/index/index.html", ""), ("pages/index/index.js", "")], configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard model.runtime.has(.emptyFilesSkipped) else { return [] }
        var findings: [Finding] = []
        for page in model.pages {
            if model.isSkippedAsEmpty(page.templatePath) {
                findings.append(
                    Finding(
                        "'\(page.templatePath)' is empty, and the runtime skips zero-byte files: the page is blank; write its markup, with an 'x-data=\"page\"' root",
                        at: .file(page.templatePath)))
            }
            if model.isSkippedAsEmpty(page.scriptPath) {
                findings.append(
                    Finding(
                        "'\(page.scriptPath)' is empty, and the runtime skips zero-byte files: the page registers no 'Page()', so it has no data and no handlers; write 'Page({...})', or delete the file for a static page",
                        at: .file(page.scriptPath), defaultSeverity: .warning))
            }
        }
        let appStyle = "app.css"
        let links = model.assetReferences.filter { $0.path == appStyle }
        if model.isSkippedAsEmpty(appStyle), !links.isEmpty {
            findings.append(
                Finding(
                    "'\(appStyle)' is empty, and the runtime skips zero-byte files: the '<link>' to it loads nothing (harmless while it stays empty)",
                    at: .file(appStyle),
                    notes: links.compactMap { link in
                        model.project.file(link.source).map { DiagnosticNote(message: "linked here", span: $0.span(link.range)) }
                    },
                    defaultSeverity: .note))
        }
        return findings
    }
}

extension RuntimeProfile {
    /// Whether this runtime skips `file` as empty (`RuntimeBehavior.emptyFilesSkipped`):
    /// `project-empty-file` reports it, and the rules about what the file holds stay silent.
    func skipsAsEmpty(_ file: SourceFile?) -> Bool {
        has(.emptyFilesSkipped) && file?.bytes.isEmpty == true
    }
}

extension ProjectModel {
    /// `RuntimeProfile.skipsAsEmpty` of the file at `path`.
    func isSkippedAsEmpty(_ path: String) -> Bool {
        runtime.skipsAsEmpty(project.file(path))
    }
}
