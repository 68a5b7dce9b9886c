import Foundation
import Testing
@testable import MiniAppKit

struct ProjectLoaderTests {
    /// A fresh folder under the system temporary directory, removed when `body` returns.
    private func withTemporaryFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    private func write(_ text: String, to path: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test func readsFilesWithRelativePathsAndSkipsBuildAndHiddenFolders() throws {
        try withTemporaryFolder { folder in
            for path in [
                "manifest.json", "pages/a/a.html", ".git/HEAD", ".build/x", "dist/app.ma", "node_modules/m/index.js",
                "pages/node_modules/x.js", ".mactl.yml", "pages/.DS_Store",
            ] {
                try write("x", to: path, in: folder)
            }
            let project = try ProjectLoader.load(root: folder)
            #expect(project.paths == ["manifest.json", "pages/a/a.html"])
            #expect(project.loadIssues.isEmpty)
            #expect(project.file("pages/a/a.html")?.text == "x")
        }
    }

    /// The plugin's `lint` and `pack` with no path (through `mactl list-apps`) look where the
    /// loader looks: not in what it skips, nor in a package's test folders, nor inside an app.
    @Test func miniAppFoldersAreFoundWhereTheLoaderLooks() throws {
        try withTemporaryFolder { folder in
            for app in [
                "Sources/Host/app", "apps/b", "apps/b/pages/nested", "node_modules/m", "dist/d", ".build/x", ".swiftpm/y",
                "Tests/Fixtures/broken", "Fixtures/c", "apps/only-manifest",
            ] {
                try write("{}", to: "\(app)/manifest.json", in: folder)
                if app != "apps/only-manifest" { try write("", to: "\(app)/app.js", in: folder) }
            }
            let found = MiniAppFolders.find(under: folder).map { String($0.path.dropFirst(folder.path.count + 1)) }
            #expect(found == ["Sources/Host/app", "apps/b"])
            for name in ProjectLoader.skippedDirectoryNames { #expect(ProjectLoader.skips(name, isDirectory: true)) }
            #expect(!ProjectLoader.skips("dist", isDirectory: false))
            #expect(ProjectLoader.skips(".mactl.yml", isDirectory: false))
        }
    }

    @Test func lookupsAreCaseSensitive() throws {
        try withTemporaryFolder { folder in
            try write("<body></body>", to: "Pages/Home/home.html", in: folder)
            let project = try ProjectLoader.load(root: folder)
            #expect(!project.contains("pages/home/home.html"))
            #expect(project.contains("Pages/Home/home.html"))
            #expect(project.caseInsensitiveMatch(for: "pages/home/home.html") == "Pages/Home/home.html")
        }
    }

    @Test func aSymlinkThatLeavesTheRootIsReportedAndNotFollowed() throws {
        try withTemporaryFolder { folder in
            let project = folder.appendingPathComponent("app")
            try write("secret", to: "secret.txt", in: folder)
            try write("{}", to: "app/manifest.json", in: folder)
            try FileManager.default.createSymbolicLink(
                atPath: project.appendingPathComponent("leak.txt").path, withDestinationPath: "../secret.txt")
            try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("up").path, withDestinationPath: "..")
            let loaded = try ProjectLoader.load(root: project)
            #expect(loaded.paths == ["manifest.json"])
            #expect(
                loaded.loadIssues == [
                    ProjectLoadIssue(path: "leak.txt", kind: .symlinkOutsideRoot(target: "../secret.txt")),
                    ProjectLoadIssue(path: "up", kind: .symlinkOutsideRoot(target: "..")),
                ])
            let diagnostics = Linter.lint(loaded).diagnostics.filter { $0.id == "project-symlink-outside-root" }
            #expect(
                diagnostics.map(\.message) == [
                    "'leak.txt' is a symbolic link to '../secret.txt', outside the project; it is not followed",
                    "'up' is a symbolic link to '..', outside the project; it is not followed",
                ])
            #expect(diagnostics.map { $0.span?.path } == ["leak.txt", "up"])
        }
    }

    @Test func aSymlinkInsideTheRootIsFollowedAndACycleEnds() throws {
        try withTemporaryFolder { folder in
            try write("a", to: "common/a.js", in: folder)
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("shared").path, withDestinationPath: "common")
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("common/loop").path, withDestinationPath: "..")
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent("alias.js").path, withDestinationPath: "common/a.js")
            let project = try ProjectLoader.load(root: folder)
            #expect(project.paths == ["alias.js", "common/a.js"])
            #expect(project.loadIssues.isEmpty)
        }
    }

    /// The loader, `lint --watch`'s snapshot and the MiniApp-folder search walk one way
    /// (`FolderWalk`): the same files, links inside the root followed, none out of it, a cycle
    /// walked once.
    @Test func everyWalkOfAProjectSeesTheSameFiles() throws {
        try withTemporaryFolder { folder in
            let root = folder.appendingPathComponent("package")
            for path in [
                "package/apps/a/manifest.json", "package/apps/a/app.js", "outside/manifest.json", "outside/app.js", "package/common/x.js",
            ] {
                try write("{}", to: path, in: folder)
            }
            let link = { (path: String, destination: String) in
                try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent(path).path, withDestinationPath: destination)
            }
            try link("shared", "common")  // a folder inside the root, reached by a link
            try link("common/loop", "..")  // a cycle
            try link("elsewhere", "../outside")  // an app outside the root
            let project = try ProjectLoader.load(root: root)
            #expect(project.paths == ["apps/a/app.js", "apps/a/manifest.json", "common/x.js"])
            #expect(project.loadIssues == [ProjectLoadIssue(path: "elsewhere", kind: .symlinkOutsideRoot(target: "../outside"))])
            #expect(ProjectSnapshot.take(of: root).files.keys.sorted() == project.paths)
            #expect(MiniAppFolders.find(under: root) == [root.appendingPathComponent("apps/a")])
            let folders = FolderWalk.entries(under: root).entries.compactMap { entry -> String? in
                if case .folder(_, let relative) = entry { relative } else { nil }
            }
            #expect(folders == ["apps", "apps/a", "common"])  // `shared` is `common`, walked already
        }
    }

    // Root reads everything, so the permission can be tested only as another user.
    @Test(.enabled(if: getuid() != 0, "root reads every file"))
    func anUnreadableFileIsReported() throws {
        try withTemporaryFolder { folder in
            try write("x", to: "locked.js", in: folder)
            try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: folder.appendingPathComponent("locked.js").path)
            let project = try ProjectLoader.load(root: folder)
            #expect(project.loadIssues == [ProjectLoadIssue(path: "locked.js", kind: .unreadable(reason: "permission denied"))])
        }
    }

    @Test func aBrokenSymlinkIsReported() throws {
        try withTemporaryFolder { folder in
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent("gone.js").path, withDestinationPath: "missing.js")
            let project = try ProjectLoader.load(root: folder)
            #expect(project.loadIssues == [ProjectLoadIssue(path: "gone.js", kind: .unreadable(reason: "it is a broken symbolic link"))])
            let messages = Linter.lint(project).diagnostics.filter { $0.id == "project-unreadable-file" }.map(\.message)
            #expect(messages == ["'gone.js' cannot be read: it is a broken symbolic link"])
        }
    }

    @Test func aHardLinkedFileIsReadAndWarnedAbout() throws {
        try withTemporaryFolder { folder in
            let outside = folder.appendingPathComponent("outside.txt")
            try Data("shared".utf8).write(to: outside)
            let project = folder.appendingPathComponent("app")
            try FileManager.default.createDirectory(at: project, withIntermediateDirectories: false)
            #expect(link(outside.path, project.appendingPathComponent("notes.txt").path) == 0)
            let loaded = try ProjectLoader.load(root: project)
            #expect(loaded.file("notes.txt")?.bytes == Array("shared".utf8))
            #expect(loaded.loadIssues == [ProjectLoadIssue(path: "notes.txt", kind: .hardLinked(count: 2))])
            let warnings = Linter.lint(loaded).diagnostics.filter { $0.id == "project-hard-linked-file" }
            #expect(warnings.map(\.message) == ["'notes.txt' has 2 hard links; a change to any of its other names changes what ships"])
            #expect(warnings.map(\.severity) == [.warning])
        }
    }

    @Test func aMissingOrNonFolderRootThrows() throws {
        try withTemporaryFolder { folder in
            let missing = folder.appendingPathComponent("nope")
            #expect(throws: ProjectLoader.Failure.notFound(missing.path)) { try ProjectLoader.load(root: missing) }
            try write("x", to: "file.txt", in: folder)
            let file = folder.appendingPathComponent("file.txt")
            #expect(throws: ProjectLoader.Failure.notADirectory(file.path)) { try ProjectLoader.load(root: file) }
        }
    }

    @Test func tooLargeFilesAreReportedNotRead() {
        let project = Project(files: [], loadIssues: [ProjectLoadIssue(path: "big.bin", kind: .tooLarge(size: 70_000_000))])
        let messages = Linter.lint(project).diagnostics.filter { $0.id == "project-file-too-large" }.map(\.message)
        #expect(messages == ["'big.bin' is 70000000 bytes, over the limit of 67108864 bytes; it was not read"])
    }
}
