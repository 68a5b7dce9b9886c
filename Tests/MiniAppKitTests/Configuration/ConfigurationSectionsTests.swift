import Testing
@testable import MiniAppKit

/// The `.mactl.yml` sections beyond rule severities.
struct ConfigurationSectionsTests {
    private func parse(_ text: String) -> Configuration {
        ConfigurationParser.parse(SourceFile(path: ".mactl.yml", text: text), knownRuleIDs: RuleRegistry.allIDs)
    }

    @Test func perPathOverridesChangeOrSilenceRulesInThoseFilesOnly() {
        var files = MinimalApp.files
        files["i18n/en.json"] = "{ \"a\": \"\" }"
        files["i18n/fr.json"] = "{ \"a\": \"\" }"
        let configuration = parse(
            """
            overrides:
              - paths: ['i18n/fr.json']
                rules:
                  i18n-empty-text: off
              - paths: ['i18n/*.json']
                rules:
                  i18n-unused-key: note
            """)
        #expect(configuration.issues.isEmpty)
        let diagnostics = Linter.lint(Project(contents: files), configuration: configuration).diagnostics
        #expect(
            diagnostics.map { "\($0.span!.path) \($0.id) \($0.severity)" } == [
                "i18n/en.json i18n-unused-key note",
                "i18n/en.json i18n-empty-text warning",
            ])
    }

    @Test func badOverridesAreReportedAtTheirPosition() {
        let configuration = parse("overrides:\n  - paths: ['a']\n    rulez: {}\n  - paths: ['b']\n    rules:\n      nope: off\n")
        #expect(
            configuration.issues.map { "\($0.span.start.line):\($0.span.start.column) \($0.message)" } == [
                "2:5 an override needs 'paths' (a list of globs) and 'rules' (rule ids to severities)",
                "6:7 unknown rule 'nope'",
            ])
    }

    @Test func excludedFilesDoNotShipEvenWhenReferenced() {
        var files = MinimalApp.files
        files["pages/index/index.html"] =
            "<link rel=\"stylesheet\" href=\"../../app.css\"><body x-data=\"page\"><img src=\"../../assets/big.png\"></body>"
        files["assets/big.png"] = "x"
        let model = ProjectModel(project: Project(contents: files), configuration: parse("exclude:\n  - assets/**\n"))
        let plan = BundlePlanner.plan(model)
        #expect(!plan.shippedPaths.contains("assets/big.png"))
        #expect(plan.leftOut.first { $0.path == "assets/big.png" }?.reason == "excluded by '.mactl.yml'")
    }

    @Test func theDefaultLocaleCanBeOverridden() {
        var files = MinimalApp.files
        files["pages/index/index.html"] =
            "<link rel=\"stylesheet\" href=\"../../app.css\"><body x-data=\"page\"><p x-text=\"$t('title')\"></p></body>"
        files["i18n/de.json"] = "{ \"title\": \"Titel\" }"
        #expect(Linter.lint(Project(contents: files)).diagnostics.map(\.id) == ["i18n-missing-default-locale"])
        let overridden = Linter.lint(Project(contents: files), configuration: parse("i18n:\n  default_locale: de\n"))
        #expect(overridden.diagnostics.isEmpty)
        #expect(overridden.model.locales.defaultCatalog?.tag == "de")
        #expect(
            parse("i18n:\n  default_locale: german_DE\n").issues.map(\.message) == [
                "'default_locale' must be a BCP 47 language tag such as 'en' or 'zh-Hans'"
            ])
    }

    @Test func screenshotQueriesAreReadWithTheirRoutesPlaces() {
        let configuration = parse("screenshots:\n  queries:\n    pages/recipe/recipe: \"id=3\"\n    pages/cart/cart: ''\n")
        #expect(configuration.issues.isEmpty)
        #expect(
            configuration.screenshotQueries.map { "\($0.span.start.line):\($0.span.start.column) \($0.route) \($0.query)" } == [
                "3:5 pages/recipe/recipe id=3",
                "4:5 pages/cart/cart ",
            ])
    }

    @Test func badScreenshotQueriesAreReportedAtTheirPosition() {
        let configuration = parse("screenshots:\n  querys: {}\n  queries:\n    pages/a/a: [1]\n")
        #expect(
            configuration.issues.map { "\($0.span.start.line):\($0.span.start.column) \($0.message)" } == [
                "2:3 unknown screenshots setting 'querys'; did you mean 'queries'?",
                "4:16 each of 'screenshots.queries' must be a page route and a query string, such as 'pages/recipe/recipe: \"id=3\"'",
            ])
        #expect(
            parse("screenshots: true\n").issues.map(\.message) == [
                "'screenshots' must be a mapping such as 'queries: { pages/recipe/recipe: \"id=3\" }'"
            ])
    }
}
