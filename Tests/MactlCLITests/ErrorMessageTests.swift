import Foundation
import Testing

/// What a person sees when a path is wrong: the file, the reason and the next step, in one
/// line, exit 2, and never Foundation's own text.
struct ErrorMessageTests {
    @Test func anUnwritableOutputSaysWhy() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            #expect(try await CLIRunner.run(["new", "app", "--template", "blank"], in: folder).status == 0)
            let missing = try await CLIRunner.run(["lint", "app", "-o", "nowhere/out.txt"], in: folder)
            #expect(missing.status == 2)
            #expect(missing.standardError == "error: cannot write 'nowhere/out.txt': its folder does not exist\n")
            let intoFolder = try await CLIRunner.run(["lint", "app", "-o", "app"], in: folder)
            #expect(intoFolder.status == 2)
            #expect(intoFolder.standardError == "error: cannot write 'app': it is a folder\n")
            let baseline = try await CLIRunner.run(["lint", "app", "--write-baseline", "nowhere/b.json"], in: folder)
            #expect(baseline.standardError == "error: cannot write 'nowhere/b.json': its folder does not exist\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["app"])
        }
    }

    @Test func aMissingBaselineSaysHowToRecordOne() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            #expect(try await CLIRunner.run(["new", "app", "--template", "blank"], in: folder).status == 0)
            let missing = try await CLIRunner.run(["lint", "app", "--baseline", "known issues.json"], in: folder)
            #expect(missing.status == 2)
            #expect(
                missing.standardError
                    == "error: cannot read the baseline 'known issues.json': there is no such file; record one with --write-baseline 'known issues.json'\n"
            )
            let folderBaseline = try await CLIRunner.run(["lint", "app", "--baseline", "app"], in: folder)
            #expect(
                folderBaseline.standardError
                    == "error: cannot read the baseline 'app': it is a folder; record one with --write-baseline app\n")
        }
    }

    /// A folder where a package belongs, and a package where a folder belongs, name the
    /// command that takes them.
    @Test func aFolderAndAPackageInTheWrongPlaceNameTheRightCommand() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            #expect(try await CLIRunner.run(["new", "app", "--template", "blank"], in: folder).status == 0)
            let verifyFolder = try await CLIRunner.run(["verify", "app"], in: folder)
            #expect(verifyFolder.status == 2)
            #expect(
                verifyFolder.standardError
                    == "error: cannot read 'app': it is a folder, not a package; 'mactl lint app' checks a project folder\n")
            let inspectMissing = try await CLIRunner.run(["inspect", "app.ma"], in: folder)
            #expect(inspectMissing.status == 2)
            #expect(inspectMissing.standardError == "error: cannot read 'app.ma': there is no such file\n")
            #expect(try await CLIRunner.run(["pack", "app", "-o", "app.ma"], in: folder).status == 0)
            let lintPackage = try await CLIRunner.run(["lint", "app.ma"], in: folder)
            #expect(lintPackage.status == 2)
            #expect(
                lintPackage.standardError
                    == "error: '\(folder.appendingPathComponent("app.ma").path)' is a package, not a project folder; 'mactl verify \(folder.appendingPathComponent("app.ma").path)' checks a package\n"
            )
        }
    }

    /// `pack --report` to a place it cannot write fails before the package is written.
    @Test func anUnwritableReportFailsBeforeThePackageIsWritten() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            #expect(try await CLIRunner.run(["new", "app", "--template", "blank"], in: folder).status == 0)
            let result = try await CLIRunner.run(["pack", "app", "-o", "app.ma", "--report", "reports/app.yaml"], in: folder)
            #expect(result.status == 2)
            #expect(
                result.standardError
                    == "error: cannot write the report '\(folder.appendingPathComponent("reports/app.yaml").path)': the folder '\(folder.appendingPathComponent("reports").path)' does not exist; nothing was written\n"
            )
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["app"])
        }
    }
}
