import Foundation
import Testing
@testable import MiniAppKit
import MiniAppKitTestSupport

/// `ProjectModel(reusing:)`, as `lint --watch` uses it: after a change of any one kind of
/// input, the model that borrows the earlier model's parses lints exactly as a model built
/// from scratch, and it borrows the parses of the files that did not change, and only those.
struct ModelReuseTests {
    static let showcase = PackageRoot.url.appendingPathComponent("Examples/showcase")

    /// The project with `path` changed by `change` (nil removes the file; a missing file is
    /// created from an empty text).
    static func edited(_ project: Project, _ path: String, _ change: @Sendable (String) -> String?) -> Project {
        var files = project.paths.compactMap(project.file).filter { $0.path != path }
        if let text = change(project.file(path)?.text ?? "") { files.append(SourceFile(path: path, text: text)) }
        return Project(files: files, loadIssues: project.loadIssues)
    }

    static func replacing(_ target: String, with replacement: String) -> @Sendable (String) -> String? {
        { text in
            precondition(text.contains(target), "the edit must change the file: \(target)")
            return text.replacingOccurrences(of: target, with: replacement)
        }
    }

    static let edits: [(name: String, path: String, change: @Sendable (String) -> String?)] = [
        ("template", "pages/home/home.html", replacing("onAddToCart(product.id)", with: "onAddToKart(product.id)")),
        ("script", "pages/home/home.js", replacing("  onSort(e) {", with: "  onSorting(e) {")),
        ("app.js", "app.js", replacing("var cartItems = [];", with: "var cartItems = [];\nlet onSearch = 1;")),
        ("locale", "i18n/fr.json", replacing("\"home.add\": \"Add\",", with: "")),
        (
            "manifest", "manifest.json",
            replacing("\"navigation_bar_text_style\": \"white\"", with: "\"navigation_bar_text_style\": \"grey\"")
        ),
        ("icon", "icons/home.svg", replacing("viewBox=\"0 0 24 24\"", with: "viewBox=\"0,0,24,24\"")),
        ("stylesheet", "app.css", { $0 + "\n.unused { color: red; }\n" }),
        ("removed template", "pages/cart/cart.html", { _ in nil }),
        ("new file", "pages/extra/extra.html", { _ in "<p>stray</p>\n" }),
    ]

    @Test(arguments: ["skip", "w3c"])
    func aReusingModelLintsAsAModelFromScratch(runtime: String) throws {
        let base = try ProjectLoader.load(root: Self.showcase)
        var configuration = Configuration.default
        configuration.runtime = try #require(RuntimeProfile.named(runtime))
        let previous = ProjectModel(project: base, configuration: configuration)
        let before = Linter.check(previous).diagnostics
        for edit in Self.edits {
            let project = Self.edited(base, edit.path, edit.change)
            let scratch = Linter.lint(project, configuration: configuration).diagnostics
            let reusing = Linter.check(ProjectModel(project: project, configuration: configuration, reusing: previous)).diagnostics
            #expect(reusing == scratch, "\(edit.name) under \(runtime)")
            if ["template", "script", "locale"].contains(edit.name) {
                #expect(scratch != before, "the \(edit.name) edit changes what lint finds under \(runtime)")
            }
        }
    }

    @Test func onlyTheParsesOfUnchangedFilesAreLent() throws {
        let base = try ProjectLoader.load(root: Self.showcase)
        let previous = ProjectModel(project: base)
        let template = Self.edited(base, "pages/home/home.html", Self.replacing("onAddToCart(", with: "onAddToKart("))
        let lent = ReusableParses(previous, for: template)
        #expect(lent.template(for: try #require(template.file("pages/home/home.html"))) == nil)
        #expect(lent.template(for: try #require(template.file("pages/cart/cart.html"))) != nil)
        #expect(lent.script(for: try #require(template.file("pages/home/home.js"))) != nil)
        #expect(lent.script(for: try #require(template.file("app.js"))) != nil)
        // After app.js changes, no script is lent: each page runs after app.js in one context.
        let appScript = Self.edited(base, "app.js", { $0 + "\n" })
        let afterApp = ReusableParses(previous, for: appScript)
        #expect(afterApp.script(for: try #require(appScript.file("pages/home/home.js"))) == nil)
        #expect(afterApp.template(for: try #require(appScript.file("pages/home/home.html"))) != nil)
        // Another runtime lends nothing (its script runs and icon readings differ).
        var w3c = Configuration.default
        w3c.runtime = try #require(RuntimeProfile.named("w3c"))
        let other = ProjectModel(project: template, configuration: w3c, reusing: previous)
        #expect(Linter.check(other).diagnostics == Linter.lint(template, configuration: w3c).diagnostics)
    }
}
