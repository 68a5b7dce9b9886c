import Foundation
import Testing
@testable import MiniAppKit

struct ScaffolderTests {
    private func render(_ template: String, lang: String = "en", name: String = "Demo") throws -> [String: String] {
        let values = Scaffolder.Values(appID: "org.example.demo", name: name, lang: lang)
        return Dictionary(uniqueKeysWithValues: try Scaffolder.render(template: template, values: values).map { ($0.path, $0.contents) })
    }

    /// Not one diagnostic but the note every app with SVG tab icons gets under SkipMiniApp,
    /// and, for the web bundle, the one that asks for `npm install` (the SDK's script).
    @Test(arguments: EmbeddedTemplates.names)
    func everyTemplateLintsWithoutASingleDiagnostic(template: String) throws {
        let files = try render(template)
        // As the project walk reads the folder: its configuration, and no dotfile.
        var configuration = Configuration.default
        if let text = files[".mactl.yml"] {
            configuration = ConfigurationParser.parse(SourceFile(path: ".mactl.yml", text: text), knownRuleIDs: RuleRegistry.allIDs)
        }
        let diagnostics = Linter.lint(Project(contents: files.filter { !$0.key.hasPrefix(".") }), configuration: configuration).diagnostics
        let hasTabs = files["manifest.json"]!.contains("\"tab_bar\"")
        let expected = hasTabs ? ["icon-tab-svg-on-android"] : template == "rakuten" ? ["rakuten-missing-file"] : []
        #expect(diagnostics.map(\.id) == expected, "\(diagnostics.map(DiagnosticSummary.init))")
    }

    @Test func theTabsTemplateHasThreeTabsTwoLocalesAndSVGIcons() throws {
        let files = try render("tabs")
        let manifest = try #require(JSONParser.parse(SourceFile(path: "manifest.json", text: files["manifest.json"]!)).root)
        #expect(manifest["tab_bar"]?["tabs"]?.elements?.count == 3)
        #expect(files.keys.filter { $0.hasPrefix("i18n/") }.sorted() == ["i18n/en.json", "i18n/fr.json"])
        #expect(files.keys.filter { $0.hasPrefix("icons/") }.allSatisfy { $0.hasSuffix(".svg") })
        #expect(!files.values.contains { $0.contains("{{") })
    }

    @Test func namesAreEscapedForTheFileTheyLandIn() throws {
        let files = try render("blank", name: "Tom & \"Jerry\" <3")
        #expect(files["manifest.json"]?.contains("\"name\": \"Tom & \\\"Jerry\\\" <3\"") == true)
        #expect(files["i18n/en.json"]?.contains("\"Hello from Tom & \\\"Jerry\\\" <3\"") == true)
        #expect(lint(files).isEmpty)
    }

    @Test func aLanguageWithoutALocaleFileGetsACopyOfTheEnglishOne() throws {
        let german = try render("tabs", lang: "de")
        #expect(german["i18n/de.json"] == german["i18n/en.json"])
        let canadianFrench = try render("tabs", lang: "fr-CA")
        #expect(canadianFrench["i18n/fr-CA.json"] == nil)  // served by fr.json
    }

    @Test func defaultsComeFromTheFolderName() throws {
        let values = try Scaffolder.values(for: URL(fileURLWithPath: "/tmp/My Shop 2"), options: .init())
        #expect(values == Scaffolder.Values(appID: "com.example.myshop2", name: "My Shop 2", lang: "en"))
        #expect(Scaffolder.identifier(from: "42 Ünïcode") == "ncode")
        #expect(Scaffolder.identifier(from: "???") == "app")
    }

    @Test func badOptionsAreRefused() {
        #expect(throws: Scaffolder.Failure.invalidLanguageTag("english")) {
            try Scaffolder.values(for: URL(fileURLWithPath: "/tmp/a"), options: .init(lang: "english"))
        }
        #expect(throws: Scaffolder.Failure.emptyName) {
            try Scaffolder.values(for: URL(fileURLWithPath: "/tmp/a"), options: .init(name: "  "))
        }
        #expect(throws: Scaffolder.Failure.unknownTemplate("nope")) {
            try Scaffolder.render(template: "nope", values: .init(appID: "a.b", name: "n", lang: "en"))
        }
    }
}
