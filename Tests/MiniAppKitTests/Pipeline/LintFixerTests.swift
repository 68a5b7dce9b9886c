import Foundation
import Testing
@testable import MiniAppKit

/// `lint --fix` on a project on disk: files replaced whole with their permissions, passes until
/// nothing changes, files changed under it left alone.
struct LintFixerTests {
    /// The minimal app with `changes` on disk, in a folder removed when `body` returns.
    private func withProject(_ changes: [String: String], _ body: (URL) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-fixer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (path, text) in MinimalApp.files.merging(changes, uniquingKeysWith: { $1 }) {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try body(root)
    }

    private func fixer(_ root: URL) -> LintFixer {
        LintFixer(lint: { Linter.lint(try ProjectLoader.load(root: root)) }, fileURL: { root.appendingPathComponent($0) })
    }

    private func read(_ root: URL, _ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    private func permissions(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    /// The minimal app's page with a misspelt directive, whose fix-it is 'x-text'.
    static let typo = MinimalApp.files["pages/index/index.html"]!.replacingOccurrences(of: "x-text", with: "x-txt")
    static let fixed = MinimalApp.files["pages/index/index.html"]!

    @Test func theFixItsAreWrittenWithTheFilesPermissionsAndNothingIsLeftBehind() throws {
        try withProject(["pages/index/index.html": Self.typo]) { root in
            let page = root.appendingPathComponent("pages/index/index.html")
            #expect(chmod(page.path, 0o640) == 0)
            let report = try fixer(root).run()
            #expect(try read(root, "pages/index/index.html") == Self.fixed)
            #expect(try permissions(page) == 0o640)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: page.deletingLastPathComponent().path).sorted() == [
                    "index.html", "index.js",
                ])
            #expect(
                report.fixes.map { "\($0.pass) \($0.path) \($0.applied.map(\.fixIt.replacement))" } == [
                    "1 pages/index/index.html [\"x-text\"]"
                ])
            #expect(report.appliedCount == 1)
            #expect(report.changedPaths == ["pages/index/index.html"])
            #expect(!report.reachedPassLimit)
            #expect(!report.result.diagnostics.contains { $0.fixIt != nil })
        }
    }

    /// Two pages missing from the manifest: both fix-its insert at the end of 'pages', so the
    /// second waits; the next pass lints again, finds it at its new place and adds it.
    @Test func aFixItThatOverlapsIsAppliedInTheNextPass() throws {
        try withProject([
            "pages/about/about.html": "<body><h1>About</h1></body>\n",
            "pages/help/help.html": "<body><h1>Help</h1></body>\n",
        ]) { root in
            let report = try fixer(root).run()
            #expect(try read(root, "manifest.json").contains(#""pages": ["pages/index/index", "pages/about/about", "pages/help/help"]"#))
            #expect(
                report.fixes.map {
                    "\($0.pass) \($0.path) applied \($0.applied.map(\.fixIt.replacement)) skipped \($0.skipped.map(\.diagnostic.fixIt!.replacement))"
                } == [
                    #"1 manifest.json applied [", \"pages/about/about\""] skipped [", \"pages/help/help\""]"#,
                    #"2 manifest.json applied [", \"pages/help/help\""] skipped []"#,
                ])
            #expect(report.appliedCount == 2)
            #expect(report.changedPaths == ["manifest.json"])
            #expect(report.result.diagnostics.filter { $0.id == "project-unlisted-page" }.isEmpty)
        }
    }

    /// Someone saved the file between the lint and the fix: its fix-its were computed for
    /// bytes it no longer has, so it is left as it is.
    @Test func aFileThatChangedSinceTheLintReadItIsNotWritten() throws {
        try withProject(["pages/index/index.html": Self.typo]) { root in
            let page = root.appendingPathComponent("pages/index/index.html")
            let edited = Self.typo + "<!-- edited -->\n"
            var lints = 0
            let fixer = LintFixer(
                lint: {
                    lints += 1
                    let result = Linter.lint(try ProjectLoader.load(root: root))
                    try Data(edited.utf8).write(to: page)
                    return result
                }, fileURL: { root.appendingPathComponent($0) })
            let report = try fixer.run()
            #expect(try read(root, "pages/index/index.html") == edited)
            #expect(report.fixes.map(\.notWritten) == [.changedSinceRead])
            #expect(report.appliedCount == 0)
            #expect(lints == 1)
        }
    }

    /// Run as root (a build in a container, on the author's mounted folder), a fix must not
    /// leave the file owned by root.
    @Test(.enabled(if: getuid() == 0, "only root can give a file to another user"))
    func aFixedFileKeepsItsOwner() throws {
        try withProject(["pages/index/index.html": Self.typo]) { root in
            let page = root.appendingPathComponent("pages/index/index.html")
            #expect(chown(page.path, 4321, 4322) == 0)
            _ = try fixer(root).run()
            #expect(try read(root, "pages/index/index.html") == Self.fixed)
            let attributes = try FileManager.default.attributesOfItem(atPath: page.path)
            #expect(attributes[.ownerAccountID] as? Int == 4321)
            #expect(attributes[.groupOwnerAccountID] as? Int == 4322)
        }
    }

    /// Renaming over a read-only file would work, but its mode says not to change it.
    @Test(.enabled(if: getuid() != 0, "root may write any file"))
    func aReadOnlyFileIsLeftAlone() throws {
        try withProject(["pages/index/index.html": Self.typo]) { root in
            let page = root.appendingPathComponent("pages/index/index.html")
            #expect(chmod(page.path, 0o444) == 0)
            let report = try fixer(root).run()
            #expect(try read(root, "pages/index/index.html") == Self.typo)
            #expect(report.fixes.map(\.notWritten) == [.cannotWrite(reason: "Permission denied")])
        }
    }

    /// A symbolic link inside the project stays a link; the file it points to is fixed.
    @Test func aSymbolicLinkIsFollowed() throws {
        try withProject(["common/shared.html": Self.typo]) { root in
            let page = root.appendingPathComponent("pages/index/index.html")
            try FileManager.default.removeItem(at: page)
            try FileManager.default.createSymbolicLink(atPath: page.path, withDestinationPath: "../../common/shared.html")
            _ = try fixer(root).run()
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: page.path) == "../../common/shared.html")
            #expect(try read(root, "common/shared.html") == Self.fixed)
        }
    }

    /// Fix-its that undo each other (here a lint that always offers to swap 'a' and 'b') stop
    /// after the pass limit instead of looping.
    @Test func fixItsThatUndoEachOtherStopAtThePassLimit() throws {
        try withProject(["notes.txt": "a"]) { root in
            let fixer = LintFixer(
                lint: {
                    let project = try ProjectLoader.load(root: root)
                    let file = try #require(project.file("notes.txt"))
                    let span = file.span(0..<1)
                    let swap = Diagnostic(
                        id: "swap", severity: .warning, message: "swap", span: span,
                        fixIt: FixIt(message: "swap", span: span, replacement: file.text == "a" ? "b" : "a"))
                    return LintResult(diagnostics: [swap], model: ProjectModel(project: project))
                }, fileURL: { root.appendingPathComponent($0) })
            let report = try fixer.run()
            #expect(report.fixes.count == LintFixer.passLimit)
            #expect(report.reachedPassLimit)
            #expect(try read(root, "notes.txt") == "a")
        }
    }

    /// With a baseline, only the findings the command reports are fixed.
    @Test func onlyTheReportedFindingsAreFixed() throws {
        try withProject(["pages/index/index.html": Self.typo]) { root in
            let fixer = LintFixer(
                lint: { Linter.lint(try ProjectLoader.load(root: root)) },
                reported: { $0.diagnostics.filter { $0.id != "template-unknown-directive" } },
                fileURL: { root.appendingPathComponent($0) })
            let report = try fixer.run()
            #expect(report.fixes.isEmpty)
            #expect(try read(root, "pages/index/index.html") == Self.typo)
            #expect(report.result.diagnostics.map(\.id) == ["template-unknown-directive"])
        }
    }
}
