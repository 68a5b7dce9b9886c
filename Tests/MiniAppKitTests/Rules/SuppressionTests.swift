import Testing
@testable import MiniAppKit

struct SuppressionTests {
    @Test func aScriptCommentSilencesTheNextLineOnly() {
        var files = MinimalApp.files
        files["pages/index/index.js"] = """
            Page({
              data: { title: 'Hello' },
              onTap() {
                // mactl-disable-next-line script-browser-global
                localStorage.setItem('a', '1');
                localStorage.setItem('b', '2');
              },
            });
            """
        #expect(
            lint(files).map(DiagnosticSummary.init).map(\.description) == [
                "pages/index/index.js:3:3: handler 'onTap' is not bound in 'pages/index/index.html' [script-unused-handler]",
                "pages/index/index.js:6:5: 'localStorage' does not exist in the logic layer, which has no DOM or browser APIs; use 'skip.fs' instead [script-browser-global]",
            ])
    }

    @Test func unknownRulesAndEmptySuppressionsAreReported() {
        var files = MinimalApp.files
        files["pages/index/index.html"] =
            "<link rel=\"stylesheet\" href=\"../../app.css\"><body x-data=\"page\">\n  <!-- mactl-disable-next-line template-unknown-directiv -->\n  <!-- mactl-disable-next-line -->\n  <p x-text=\"store.title\"></p>\n</body>\n"
        #expect(
            lint(files).map(\.message) == [
                "'mactl-disable-next-line' names the unknown rule 'template-unknown-directiv'; did you mean 'template-unknown-directive'?",
                "'mactl-disable-next-line' names no rule; write the ids of the rules to silence",
            ])
    }

    @Test func theRuleCanBeTurnedOff() {
        var files = MinimalApp.files
        files["pages/index/index.html"] =
            "<link rel=\"stylesheet\" href=\"../../app.css\"><body x-data=\"page\">\n  <!-- mactl-disable-next-line template-x-html -->\n  <p x-text=\"store.title\"></p>\n</body>\n"
        let configuration = ConfigurationParser.parse(
            SourceFile(path: ".mactl.yml", text: "rules:\n  project-unused-suppression: off\n"), knownRuleIDs: RuleRegistry.allIDs)
        #expect(Linter.lint(Project(contents: files), configuration: configuration).diagnostics.isEmpty)
    }
}
