import Testing
@testable import MiniAppKit

/// Icon checks that need inputs too big for a rule example, and the renderer's measurements.
struct IconTests {
    private func lintIcon(_ svg: String) -> [String] {
        var files = MinimalApp.files
        files["icons/app.svg"] = svg
        return lint(files).map { "\($0.id): \($0.message)" }
    }

    @Test func aLargeIconIsOverBudget() {
        let padding = "<!--" + String(repeating: "x", count: IconModel.sizeBudget) + "-->"
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\">\(padding)<circle cx=\"12\" cy=\"12\" r=\"10\"/></svg>"
        #expect(lintIcon(svg) == ["icon-too-large: icon 'icons/app.svg' is \(svg.utf8.count) bytes, over the 32 KB budget for an icon"])
    }

    @Test func aTabIconTooLargeToRenderIsNotReadAsIOSReadsItEither() {
        var files = MinimalApp.files
        files["manifest.json"] = IconExample.tabsManifest
        files["pages/me/me.html"] = "<body x-data=\"page\"></body>\n"
        let padding = "<!--" + String(repeating: "x", count: Limits.iconRenderBytes) + "-->"
        files["icons/home.svg"] =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\">\(padding)<path d=\"M2 2h20v20H2z.5.5\"/></svg>"
        #expect(
            lint(files).filter { $0.id == "icon-not-rendered" }.map(\.message) == [
                "icon 'icons/home.svg' was not rendered, nor read as SkipMiniApp's iOS tab bar reads it: it is larger than 256 KB"
            ])
    }

    @Test func longTextIsNotRendered() {
        let text = String(repeating: "word ", count: 300)
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><text>\(text)</text></svg>"
        #expect(lintIcon(svg) == ["icon-not-rendered: icon 'icons/app.svg' was not rendered: it has more than 1000 characters of text"])
    }

    @Test func billionLaughsIsRefusedWithoutExpansion() {
        var entities = "<!ENTITY a0 \"lol\">"
        for level in 1..<10 { entities += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">" }
        let svg =
            "<?xml version=\"1.0\"?><!DOCTYPE svg [\(entities)]><svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><text>&a9;</text></svg>"
        #expect(
            lintIcon(svg) == [
                "icon-entity-declarations: the DOCTYPE declares entities, which no icon needs and which attacks on XML parsers use; remove it"
            ])
    }

    @Test func anExternalEntityIsNeverRead() {
        let svg =
            "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><text>&x;</text></svg>"
        let document = SVGParser.parse(SourceFile(path: "x.svg", text: svg))
        guard case .entityDeclarations = document.issue else {
            Issue.record("expected the entity declarations to be reported")
            return
        }
        #expect(document.elements.isEmpty)
    }

    @Test func theRendererSeesCurrentColorInkAndItsPlace() throws {
        let bytes = Array(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><rect x=\"0\" y=\"0\" width=\"12\" height=\"24\" fill=\"currentColor\"/></svg>"
                .utf8)
        let red = try #require(IconRenderer.measure(bytes, size: 24, currentColor: "#ff0000"))
        let blue = try #require(IconRenderer.measure(bytes, size: 24, currentColor: "#0000ff"))
        #expect(red.inkInside == 12 * 24)
        #expect(red.inkOutside == 0)
        #expect(red.meanColor.red > 0.99 && red.meanColor.blue < 0.01)
        #expect(red.pixelDigest != blue.pixelDigest)
    }

    @Test func theTemplatesIconsRenderAndTakeTheTabBarColour() throws {
        let values = Scaffolder.Values(appID: "org.example.demo", name: "Demo", lang: "en")
        let files = Dictionary(uniqueKeysWithValues: try Scaffolder.render(template: "tabs", values: values).map { ($0.path, $0.contents) })
        let model = Linter.lint(Project(contents: files)).model
        #expect(model.icons.map(\.path) == ["icons/app.svg", "icons/explore.svg", "icons/home.svg", "icons/settings.svg"])
        #expect(model.icons.filter(\.isTabIcon).allSatisfy { $0.usesCurrentColor == true && ($0.renderings[24]?.inkInside ?? 0) > 50 })
    }

    /// An icon is rendered a second time in another colour only when it might name
    /// `currentColor`; every way of spelling the keyword keeps the second rendering, and what
    /// the two renderings show decides (`nil`: whatever librsvg makes of a CSS escape).
    @Test(
        arguments: [
            ("<path fill=\"currentColor\" d=\"M0 0h24v24H0z\"/>", true, true),
            ("<path fill=\"CURRENTCOLOR\" d=\"M0 0h24v24H0z\"/>", true, true),
            ("<style>path { fill: CurrentColor }</style><path d=\"M0 0h24v24H0z\"/>", true, true),
            ("<path fill=\"&#99;urrentColor\" d=\"M0 0h24v24H0z\"/>", true, true),
            ("<style>path { fill: \\63 urrentColor }</style><path d=\"M0 0h24v24H0z\"/>", true, nil),
            ("<path fill=\"#112233\" d=\"M0 0h24v24H0z\"/>", false, false),
            ("<path fill=\"current\" d=\"M0 0h24v24H0z\"/>", false, false),
        ] as [(String, Bool, Bool?)])
    func theSecondRenderingIsSkippedOnlyWithoutCurrentColor(body: String, mayRefer: Bool, usesCurrentColor: Bool?) {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\">\(body)</svg>"
        #expect(IconModel.mayReferToCurrentColor(Array(svg.utf8)) == mayRefer)
        let icon = IconModel.analyse(SourceFile(path: "icons/tab.svg", text: svg), isTabIcon: true, runtime: .skip)
        #expect(icon.usesCurrentColor != nil)
        if let usesCurrentColor { #expect(icon.usesCurrentColor == usesCurrentColor) }
    }
}

struct HostileLocaleAndIconTests {
    /// libxml2 refuses an attribute over 10 MB itself (its limit without XML_PARSE_HUGE).
    @Test func aTenMegabyteSVGIsReportedAndNotRendered() {
        let path = "<path d=\"" + String(repeating: "M1 1h1v1h-1z", count: 900_000) + "\" fill=\"currentColor\"/>"
        var files = MinimalApp.files.map { SourceFile(path: $0.key, text: $0.value) }.filter { $0.path != "icons/app.svg" }
        files.append(
            SourceFile(path: "icons/app.svg", text: "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\">\(path)</svg>"))
        let messages = Linter.lint(Project(files: files)).diagnostics.map { "\($0.id): \($0.message)" }
        #expect(
            messages == [
                "icon-too-large: icon 'icons/app.svg' is 10800098 bytes, over the 32 KB budget for an icon",
                "package-large-image: image 'icons/app.svg' is 10.3 MB, over the image budget of 200 KB",
                "icon-invalid-svg: attValue length too long",
            ])
    }

    @Test func aLocaleFileNestedAHundredThousandDeepIsOneDiagnostic() {
        let depth = 100_000
        var files = MinimalApp.files
        files["i18n/en.json"] = "{\"a\":" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        #expect(
            lint(files).map(DiagnosticSummary.init).map(\.description) == [
                "i18n/en.json:1:133: nesting is deeper than 128 levels [json-too-deep]"
            ])
    }
}
