import Testing
@testable import MiniAppKit

/// Kept script runs: a kept run gives the registration a fresh run gives, keyed by the script,
/// what ran before it and the build; runs that did not end by themselves are not kept.
struct ScriptRunStoreTests {
    static let page = SourceFile(
        path: "pages/a/a.js", text: "Page({\n  data: { count: 1 },\n  onTap() {}\n});\nsetTimeout(() => {}, 10);\n")
    static let app = SourceFile(path: "app.js", text: "const shared = 1;\nApp({});\n")

    @Test func aKeptRunGivesTheRegistrationOfAFreshOne() throws {
        let fresh = ScriptEvaluator().evaluate(Self.page)
        let store = ScriptRunStore(tool: "build 1")
        #expect(ScriptEvaluator(runs: store).evaluate(Self.page) == fresh)
        #expect(store.usedRuns.count == 1)
        // A later lint takes it: the recorded run, not a new one, gives the same registration.
        var kept = store.usedRuns
        let key = try #require(kept.keys.first)
        #expect(kept[key]?.records.isEmpty == false)
        let later = ScriptRunStore(tool: "build 1", kept: kept)
        #expect(ScriptEvaluator(runs: later).evaluate(Self.page) == fresh)
        #expect(later.usedRuns == store.usedRuns)
        // A kept run that says otherwise is what the later lint reports: it was not run again.
        kept[key]?.records = []
        #expect(ScriptEvaluator(runs: ScriptRunStore(tool: "build 1", kept: kept)).evaluate(Self.page).calls.isEmpty)
    }

    @Test func theKeyNamesTheScriptWhatRanBeforeItAndTheBuild() {
        let store = ScriptRunStore(tool: "build 1")
        let keys = [
            store.key(script: Self.page, after: nil),
            store.key(script: Self.page, after: Self.app),
            store.key(script: SourceFile(path: "pages/a/a.js", text: "Page({});\n"), after: nil),
            store.key(script: SourceFile(path: "pages/b/b.js", text: Self.page.text), after: nil),
            ScriptRunStore(tool: "build 2").key(script: Self.page, after: nil),
        ]
        #expect(Set(keys).count == keys.count)
        #expect(store.key(script: Self.page, after: nil) == keys[0])
    }

    @Test func aRunThatThrewIsKeptWithWhereItThrew() {
        let throwing = SourceFile(path: "pages/t/t.js", text: "Page({});\nnull.x;\n")
        let fresh = ScriptEvaluator().evaluate(throwing)
        #expect(fresh.issue?.kind == .uncaughtException)
        let store = ScriptRunStore(tool: "build 1")
        _ = ScriptEvaluator(runs: store).evaluate(throwing)
        #expect(store.usedRuns.count == 1)
        #expect(ScriptEvaluator(runs: ScriptRunStore(tool: "build 1", kept: store.usedRuns)).evaluate(throwing) == fresh)
    }

    /// A time limit depends on the machine's load, and a syntax error is located by asking
    /// JavaScriptCore again: neither is kept.
    @Test func timeoutsAndSyntaxErrorsAreNotKept() {
        let store = ScriptRunStore(tool: "build 1")
        let looping = ScriptEvaluator(timeLimitSeconds: 0.25, runs: store).evaluate(
            SourceFile(path: "pages/l/l.js", text: "while (true) {}\n"))
        #expect(looping.issue?.kind == .timeout)
        let broken = ScriptEvaluator(runs: store).evaluate(SourceFile(path: "pages/s/s.js", text: "Page({\n"))
        #expect(broken.issue?.kind == .syntaxError)
        #expect(store.usedRuns.isEmpty)
    }
}
