import Foundation
import Testing
@testable import MiniAppKit
import MiniAppKitGoldenFiles
import MiniAppKitTestSupport

/// Replays what the fuzzers found, and their seeds, through the same entry points the
/// libFuzzer executables in `Fuzz/` call, in a normal build. Every input a fuzzer ever crashed,
/// hung or leaked on lives in `Tests/Fixtures/fuzz/<target>/`, with the outcome it must give
/// now in `<input>.expected` (`MACTL_RECORD_SNAPSHOTS=1` rewrites those and fails).
struct FuzzRegressionTests {
    static let root = PackageRoot.url

    struct Input: CustomTestStringConvertible, Sendable {
        var target: FuzzTarget
        var url: URL
        var testDescription: String { "\(target.rawValue)/\(url.lastPathComponent)" }
    }

    static func inputs(under folder: String) -> [Input] {
        FuzzTarget.allCases.flatMap { target -> [Input] in
            let directory = root.appendingPathComponent("\(folder)/\(target.rawValue)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { !$0.hasSuffix(".expected") && !$0.hasPrefix(".") }.sorted().map {
                Input(target: target, url: directory.appendingPathComponent($0))
            }
        }
    }

    static let regressions = inputs(under: "Tests/Fixtures/fuzz")
    static let seeds = inputs(under: "Fuzz/Seeds")

    @Test(arguments: regressions)
    func aFoundInputGivesItsExpectedOutcome(_ input: Input) throws {
        let outcome = input.target.run([UInt8](try Data(contentsOf: input.url)))
        let expectedURL = input.url.appendingPathExtension("expected")
        assertMatchesGoldenFile(outcome.joined(separator: "\n") + "\n", at: expectedURL)
    }

    @Test(arguments: seeds)
    func aSeedGivesTheSameOutcomeTwice(_ input: Input) throws {
        let bytes = [UInt8](try Data(contentsOf: input.url))
        let first = input.target.run(bytes)
        #expect(input.target.run(bytes) == first)
    }

    /// The companions the targets put the fuzzed file among are a clean app, so whatever a
    /// target reports comes from the fuzzed file.
    /// Clean but for the note every app with SVG tab icons gets under SkipMiniApp.
    @Test func theBaseProjectIsClean() {
        #expect(Linter.check(FuzzHarness.baseModel).diagnostics.map(\.id) == ["icon-tab-svg-on-android"])
    }

    @Test func theSeedPackagesVerify() throws {
        for name in ["blank.ma", "blank-signed.ma", "showcase.ma"] {
            let bytes = [UInt8](try Data(contentsOf: Self.root.appendingPathComponent("Fuzz/Seeds/verify/\(name)")))
            let report = PackageVerifier.verify(bytes)
            #expect(report.failureMessages == [], "\(name)")
            #expect(report.signed == (name == "blank-signed.ma"), "\(name)")
        }
    }

    /// The fuzz package, the fuzz script and `FuzzTarget` list the same targets.
    @Test func everyTargetHasAnExecutableAndIsRunByTheScript() throws {
        let names = FuzzTarget.allCases.map(\.rawValue)
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Fuzz/Package.swift"), encoding: .utf8)
        let script = try String(contentsOf: Self.root.appendingPathComponent("scripts/fuzz.sh"), encoding: .utf8)
        #expect(manifest.contains(names.map { "\"\($0)\"" }.joined(separator: ", ")))
        #expect(script.contains("all_targets=(\(names.joined(separator: " ")))"))
        for name in names {
            let main = try String(contentsOf: Self.root.appendingPathComponent("Fuzz/Targets/fuzz-\(name)/main.swift"), encoding: .utf8)
            let caseName = String(describing: FuzzTarget(rawValue: name)!)
            #expect(main == "import FuzzDriver\n\nrunFuzzer(.\(caseName))\n")
        }
    }
}
