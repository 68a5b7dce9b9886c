import Foundation
import MiniAppKit
import MiniAppKitTestProcess
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `mactl catalog rollout`: a published version's rollout raised, lowered and halted, with its
/// history in versions.json and the index following; killed at every step like publish.
@Suite(.serialized) struct CatalogRolloutTests {
    static let app = CatalogCommandTests.app

    /// The catalog `name` with v12 at 100 % and v13 at 25 %, both on 'stable'.
    static func publishBoth(_ name: String, in folder: URL) async throws {
        #expect(try await CatalogCommandTests.publish(["v12.ma", "--catalog", name], in: folder).status == 0)
        #expect(try await CatalogCommandTests.publish(["v13.ma", "--catalog", name, "--rollout", "25"], in: folder).status == 0)
    }

    static func rollout(_ arguments: [String], in folder: URL, at epoch: Int) async throws -> CLIRunner.Result {
        try await CLIRunner.run(["catalog", "rollout"] + arguments, in: folder, environment: ["SOURCE_DATE_EPOCH": String(epoch)])
    }

    static func versionList(_ catalog: URL) throws -> CatalogFiles.VersionList {
        try JSONDecoder().decode(
            CatalogFiles.VersionList.self, from: Data(contentsOf: catalog.appendingPathComponent(CatalogFiles.versionsPath(app))))
    }

    static func indexRollout(_ catalog: URL) throws -> Int? {
        let index = try JSONDecoder().decode(CatalogFiles.Index.self, from: Data(contentsOf: catalog.appendingPathComponent("index.json")))
        return index.apps.first { $0.id == app }?.channels["stable"]?.rollout
    }

    @Test func raisingThenHaltingChangesTheListAndTheIndexAndKeepsTheHistory() async throws {
        try await CatalogCommandTests.withPackages { folder in
            try await Self.publishBoth("catalog", in: folder)
            let catalog = folder.appendingPathComponent("catalog")

            let raised = try await Self.rollout(["catalog", Self.app, "13", "50"], in: folder, at: 1_700_003_600)
            #expect(raised.status == 0)
            #expect(raised.standardOutput == "com.example.showcase 13 (2.4.0) on 'stable': rollout 25% -> 50%\n")
            #expect(try Self.indexRollout(catalog) == 50)

            let halted = try await Self.rollout(["catalog", Self.app, "13", "--halt"], in: folder, at: 1_700_007_200)
            #expect(halted.status == 0)
            #expect(halted.standardOutput == "halted com.example.showcase 13 (2.4.0) on 'stable': offered to no device (was 50%)\n")
            #expect(try Self.indexRollout(catalog) == 0)

            let version = try #require(try Self.versionList(catalog).versions.first { $0.code == 13 })
            #expect(version.rollout == 0)
            #expect(
                version.rolloutHistory == [
                    CatalogFiles.RolloutChange(rollout: 25, at: "2023-11-14T22:13:20Z"),
                    CatalogFiles.RolloutChange(rollout: 50, at: "2023-11-14T23:13:20Z"),
                    CatalogFiles.RolloutChange(rollout: 0, at: "2023-11-15T00:13:20Z", halted: true),
                ])
            // The version that was not changed has no history: a publish writes none.
            #expect(try Self.versionList(catalog).versions.first { $0.code == 12 }?.rolloutHistory == nil)

            // Halting again changes nothing and writes nothing.
            let before = CatalogCommandTests.snapshot(catalog)
            let again = try await Self.rollout(["catalog", Self.app, "13", "--halt"], in: folder, at: 1_700_010_800)
            #expect(again.status == 0)
            #expect(again.standardOutput == "com.example.showcase 13 (2.4.0) on 'stable' is already at 0%; nothing to change\n")
            #expect(CatalogCommandTests.snapshot(catalog) == before)

            let verify = try await CLIRunner.run(["catalog", "verify", "catalog"], in: folder)
            #expect(verify.standardOutput == "no problems found in 9 files\n")
            let schemas = try await CLIRunner.run(
                [CLIRunner.packageRoot.appendingPathComponent("scripts/validate-catalog-schemas.py").path, catalog.path],
                executable: URL(fileURLWithPath: "/usr/bin/python3"))
            #expect(schemas.status == 0, "\(schemas.standardOutput)\(schemas.standardError)")
        }
    }

    /// Publishing the same bytes with another --rollout used to say "nothing to do" and leave
    /// the rollout as it was; now it refuses and names the command that changes it.
    @Test func publishingAgainWithAnotherRolloutPointsToTheRolloutCommand() async throws {
        try await CatalogCommandTests.withPackages { folder in
            try await Self.publishBoth("catalog", in: folder)
            let catalog = folder.appendingPathComponent("catalog")
            let before = CatalogCommandTests.snapshot(catalog)
            let again = try await CatalogCommandTests.publish(["v13.ma", "--catalog", "catalog", "--rollout", "50"], in: folder)
            #expect(again.status == 1)
            #expect(
                again.standardError
                    == "error: com.example.showcase version 13 is already published, at 25%; publishing it again does not change its rollout: mactl catalog rollout \(ShellWord.quoted(catalog.path)) com.example.showcase 13 50\n"
            )
            #expect(CatalogCommandTests.snapshot(catalog) == before)
            // Without --rollout, or with the same one, publishing again is still a no-op.
            for extra in [[], ["--rollout", "25"]] {
                let same = try await CatalogCommandTests.publish(["v13.ma", "--catalog", "catalog"] + extra, in: folder)
                #expect(same.status == 0)
                #expect(same.standardOutput == "com.example.showcase 13 (2.4.0) is already published with these bytes; nothing to do\n")
            }
        }
    }

    @Test func refusalsWriteNothing() async throws {
        try await CatalogCommandTests.withPackages { folder in
            try await Self.publishBoth("catalog", in: folder)
            let catalog = folder.appendingPathComponent("catalog")
            let before = CatalogCommandTests.snapshot(catalog)
            let refusals: [([String], String)] = [
                (
                    ["catalog", Self.app, "13", "30", "--channel", "beta"],
                    "error: com.example.showcase version 13 is on channel 'stable', not 'beta'; nothing was written\n"
                ),
                (["catalog", Self.app, "14", "30"], "error: com.example.showcase has no version 14; it has 12, 13\n"),
                (["catalog", "com.example.other", "13", "30"], "error: the catalog has no app 'com.example.other'\n"),
            ]
            for (arguments, message) in refusals {
                let refused = try await Self.rollout(arguments, in: folder, at: 1_700_003_600)
                #expect(refused.status == 1, "\(arguments)")
                #expect(refused.standardError == message)
            }
            let usage: [([String], String)] = [
                (["catalog", Self.app, "13"], "Error: give the rollout in percent, or --halt\n"),
                (["catalog", Self.app, "13", "30", "--halt"], "Error: give either a rollout in percent or --halt, not both\n"),
                (["catalog", Self.app, "13", "101"], "Error: the rollout must be between 0 and 100, found 101\n"),
            ]
            for (arguments, message) in usage {
                let refused = try await Self.rollout(arguments, in: folder, at: 1_700_003_600)
                #expect(refused.status == 2, "\(arguments)")
                #expect(refused.standardError.hasPrefix(message), "\(refused.standardError)")
            }
            // A withdrawn version has no rollout to change.
            #expect(try await CatalogCommandTests.publish(["--withdraw", Self.app, "13", "--catalog", "catalog"], in: folder).status == 0)
            let withdrawn = try await Self.rollout(["catalog", Self.app, "13", "50"], in: folder, at: 1_700_003_600)
            #expect(withdrawn.status == 1)
            #expect(
                withdrawn.standardError
                    == "error: com.example.showcase version 13 is withdrawn: it is offered to no device at any rollout; nothing was written\n"
            )
            #expect(CatalogCommandTests.snapshot(catalog).count == before.count)
        }
    }

    /// A rollout change killed after each of its steps (`publish-kill-harness rollout`) leaves
    /// a catalog `mactl catalog verify` accepts, and the same change run again completes it.
    @Test func aRolloutChangeKilledAtEveryStepLeavesACatalogThatVerifies() async throws {
        let harness = CLIRunner.executable.deletingLastPathComponent().appendingPathComponent("publish-kill-harness")
        try await CatalogCommandTests.withPackages { folder in
            for step in ["locked", "versions", "index"] {
                let name = "catalog-\(step)"
                try await Self.publishBoth(name, in: folder)
                let killed = try await CLIRunner.run(
                    ["rollout", step, name, Self.app, "13", "50"], in: folder, environment: CatalogCommandTests.epoch, executable: harness)
                #expect(killed.signal == SIGKILL, "\(step): \(killed.standardError)")
                let verify = try await CLIRunner.run(["catalog", "verify", name], in: folder)
                #expect(verify.status == 0, "\(step): \(verify.standardOutput)")
                #expect(!verify.standardOutput.contains(": error:"), "\(step): \(verify.standardOutput)")
                // Killed after the list, before the index: the index is one rollout behind.
                #expect(
                    try Self.indexRollout(folder.appendingPathComponent(name)) == (step == "index" ? 50 : 25), "\(step)")

                let again = try await Self.rollout([name, Self.app, "13", "50"], in: folder, at: 1_700_000_000)
                #expect(again.status == 0, "\(step): \(again.standardError)")
                #expect(try Self.indexRollout(folder.appendingPathComponent(name)) == 50, "\(step)")
                let after = try await CLIRunner.run(["catalog", "verify", name], in: folder)
                #expect(after.standardOutput == "no problems found in 9 files\n", "\(step): \(after.standardOutput)")
            }
        }
    }

    /// An index whose rollout the version never had is a hand edit, not a stopped change.
    @Test func anIndexAtARolloutTheVersionNeverHadIsAnError() async throws {
        try await CatalogCommandTests.withPackages { folder in
            try await Self.publishBoth("catalog", in: folder)
            #expect(try await Self.rollout(["catalog", Self.app, "13", "50"], in: folder, at: 1_700_003_600).status == 0)
            let index = folder.appendingPathComponent("catalog/index.json")
            try CLIRunner.replace("\"rollout\": 50", with: "\"rollout\": 75", in: index)
            let verify = try await CLIRunner.run(["catalog", "verify", "catalog"], in: folder)
            #expect(verify.status == 1)
            #expect(
                verify.standardOutput.contains(
                    "catalog/index.json: error: 'com.example.showcase' channel 'stable' names version 13 otherwise than apps/com.example.showcase/versions.json lists it [catalog-index-mismatch]"
                ), "\(verify.standardOutput)")
        }
    }

    /// A version whose history does not end at its rollout was edited by hand.
    @Test func aHistoryThatDoesNotEndAtTheRolloutIsAnError() async throws {
        try await CatalogCommandTests.withPackages { folder in
            try await Self.publishBoth("catalog", in: folder)
            #expect(try await Self.rollout(["catalog", Self.app, "13", "50"], in: folder, at: 1_700_003_600).status == 0)
            let versions = folder.appendingPathComponent("catalog/\(CatalogFiles.versionsPath(Self.app))")
            // The version's own member ends with a comma; the history's entries end their objects.
            try CLIRunner.replace("\"rollout\": 50,", with: "\"rollout\": 60,", in: versions)
            let verify = try await CLIRunner.run(["catalog", "verify", "catalog"], in: folder)
            #expect(verify.status == 1)
            #expect(
                verify.standardOutput.contains(
                    "catalog/apps/com.example.showcase/versions.json: error: version 13's rolloutHistory does not end at its rollout 60: it starts with the published rollout and gains one entry per change [catalog-damaged-file]\n"
                ), "\(verify.standardOutput)")
        }
    }
}
