import Foundation
import Synchronization

/// Where one lint's time went, for `mactl lint --timings` (what eslint's `TIMING=1` and
/// swiftc's `-driver-time-compilation` give): the wall-clock time of each stage, and the time
/// of each rule, summed over the cores that ran it.
///
/// The stages follow the pipeline (`docs/architecture.md`). The smoke run starts once the
/// pages are parsed and runs on one core beside everything after (the facts that span files,
/// the icons, the rules), so its time overlaps theirs. A recorder is filled by one lint; every
/// method may be called from any thread.
public final class LintTimings: Sendable {
    /// A stage of the lint, in the order the report lists them.
    public enum Stage: Int, CaseIterable, Sendable {
        case read, json, pages, crossFile, icons, smokeRun, rules

        public var title: String {
            switch self {
            case .read: "read the project's files"
            case .json: "parse the manifest and locale files"
            case .pages: "parse the templates and run the page scripts"
            case .crossFile: "collect translation uses, assets and the bundle"
            case .icons: "parse and render the icons"
            case .smokeRun: "smoke run, on one core from the pages on"
            case .rules: "rules"
            }
        }
    }

    private struct State {
        var stages: [Stage: Duration] = [:]
        var rules: [String: Duration] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    /// Runs `body` as `stage` and records its wall-clock time.
    func stage<Result, Failure: Error>(_ stage: Stage, _ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let start = ContinuousClock.now
        defer { record(stage, since: start) }
        return try body()
    }

    /// Records `stage` as having taken the time since `start` (for a stage that assigns what
    /// an initializer stores, which a closure cannot).
    func record(_ stage: Stage, since start: ContinuousClock.Instant) {
        let duration = ContinuousClock.now - start
        state.withLock { $0.stages[stage, default: .zero] += duration }
    }

    /// Runs `body` as part of the rule `id`'s work (a page rule runs once per page) and adds
    /// its time to the rule's.
    func rule<Result>(_ id: String, _ body: () -> Result) -> Result {
        let start = ContinuousClock.now
        let result = body()
        let duration = ContinuousClock.now - start
        state.withLock { $0.rules[id, default: .zero] += duration }
        return result
    }

    /// The stages that ran, in the pipeline's order, each with its time in milliseconds.
    public var stages: [(stage: Stage, milliseconds: Double)] {
        let stages = state.withLock { $0.stages }
        return Stage.allCases.compactMap { stage in stages[stage].map { (stage, Self.milliseconds($0)) } }
    }

    /// Every rule that ran, slowest first (equal times by id), with its time in milliseconds.
    public var rules: [(id: String, milliseconds: Double)] {
        let rules = state.withLock { $0.rules }
        return rules.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { ($0.key, Self.milliseconds($0.value)) }
    }

    /// How many of the slowest rules the report lists.
    public static let rulesListed = 10

    /// The report `--timings` prints on standard error for the lint of `project`: one line per
    /// stage, then the slowest rules, times in milliseconds with one decimal.
    public func report(of project: String) -> String {
        let stageLines = stages.map { ($0.stage.title, $0.milliseconds) }
        let ruleLines = rules.prefix(Self.rulesListed).map { ("  " + $0.id, $0.milliseconds) }
        let width = (stageLines + ruleLines).map(\.0.count).max() ?? 0
        func line(_ name: String, _ milliseconds: Double) -> String {
            name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + String(format: "%8.1f ms", milliseconds)
        }
        var lines = ["timings of the lint of '\(project)' (wall-clock time of each stage):"] + stageLines.map { "  " + line($0.0, $0.1) }
        if !ruleLines.isEmpty {
            lines.append("slowest rules (time summed over the cores that ran them):")
            lines += ruleLines.map { "  " + line($0.0, $0.1) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
