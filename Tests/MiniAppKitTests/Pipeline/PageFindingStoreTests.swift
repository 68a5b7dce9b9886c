import Foundation
import Testing
@testable import MiniAppKit
import MiniAppKitTestSupport

/// `PageFindingStore`: a lint that takes the page rules' findings an earlier lint kept reports
/// what a lint from scratch reports, and runs the page rules on exactly the pages whose inputs
/// changed.
struct PageFindingStoreTests {
    static let allRoutes: Set<String> = ["pages/home/home", "pages/cart/cart", "pages/profile/profile", "pages/product/product"]

    /// The lint of `project` with the findings `earlier` kept, with the routes it checked.
    static func lint(
        _ project: Project, configuration: Configuration = .default, kept earlier: PageFindingStore, tool: String = "build 1"
    ) -> (diagnostics: [Diagnostic], checked: Set<String>) {
        let store = PageFindingStore(tool: tool, kept: earlier.usedFindings)
        let diagnostics = Linter.lint(project, configuration: configuration, pageFindings: store).diagnostics
        return (diagnostics, store.checkedRoutes)
    }

    @Test func aStoreChangesNothingALintReports() throws {
        let project = try ProjectLoader.load(root: ModelReuseTests.showcase)
        let store = PageFindingStore(tool: "build 1")
        let withStore = Linter.lint(project, pageFindings: store).diagnostics
        #expect(withStore == Linter.lint(project).diagnostics)
        #expect(store.checkedRoutes == Self.allRoutes)
        // Every page is kept, with the findings of the rules that found something; the rules
        // run are listed once.
        let kept = store.usedFindings
        #expect(kept.pages.count == 4)
        #expect(kept.rules == RuleRegistry.pageRuleIDs.sorted())
        #expect(kept.pages.values.allSatisfy { $0.values.allSatisfy { !$0.isEmpty } })
        // Nothing changed: every page's findings are kept, and no page rule runs.
        let again = Self.lint(project, kept: store)
        #expect(again.diagnostics == withStore)
        #expect(again.checked.isEmpty)
    }

    /// Each kind of change runs the page rules on the pages it can change, and the lint is the
    /// one from scratch.
    @Test(arguments: [
        ("template", Set(["pages/home/home"])),
        ("script", Set(["pages/home/home"])),
        ("app.js", allRoutes),
        ("locale", Set<String>()),
        ("manifest", allRoutes),
        ("icon", Set<String>()),
        ("stylesheet", Set<String>()),
        ("removed template", Set(["pages/cart/cart"])),
        ("new file", Set<String>()),
    ])
    func eachChangeRunsThePageRulesWhereItCanChangeThem(edit name: String, checked expected: Set<String>) throws {
        let base = try ProjectLoader.load(root: ModelReuseTests.showcase)
        let edit = try #require(ModelReuseTests.edits.first { $0.name == name })
        let store = PageFindingStore(tool: "build 1")
        _ = Linter.lint(base, pageFindings: store)
        let project = ModelReuseTests.edited(base, edit.path, edit.change)
        let incremental = Self.lint(project, kept: store)
        #expect(incremental.diagnostics == Linter.lint(project).diagnostics, "\(name)")
        #expect(incremental.checked == expected, "\(name)")
    }

    /// A finding the store kept is what the lint reports: the rule did not run on that page.
    @Test func aKeptFindingIsWhatTheLintReports() throws {
        let base = try ProjectLoader.load(root: ModelReuseTests.showcase)
        let broken = ModelReuseTests.edited(base, "pages/cart/cart.html", ModelReuseTests.replacing("onCheckout()", with: "onMissing()"))
        let store = PageFindingStore(tool: "build 1")
        let first = Linter.lint(broken, pageFindings: store).diagnostics
        let unknown = try #require(first.first { $0.id == TemplateUnknownHandler.description.id && $0.message.contains("onMissing") })
        var kept = store.usedFindings
        kept.pages = kept.pages.mapValues { byRule in
            byRule.mapValues { findings in
                findings.map { finding in
                    var marked = finding
                    marked.message = "KEPT " + finding.message
                    return marked
                }
            }
        }
        let later = PageFindingStore(tool: "build 1", kept: kept)
        let second = Linter.lint(broken, pageFindings: later).diagnostics
        #expect(second.contains { $0.message == "KEPT " + unknown.message && $0.span == unknown.span })
        #expect(later.checkedRoutes.isEmpty)
    }

    /// A page whose script the time limit stopped is not kept: that outcome depends on the
    /// machine's load, so the page is checked again each time.
    @Test func aPageWhoseScriptTimedOutIsNotKept() throws {
        let base = try ProjectLoader.load(root: ModelReuseTests.showcase)
        let looping = ModelReuseTests.edited(base, "pages/cart/cart.js") { $0 + "\nwhile (true) {}\n" }
        let store = PageFindingStore(tool: "build 1")
        let diagnostics = Linter.lint(looping, pageFindings: store).diagnostics
        #expect(diagnostics.contains { $0.id == ScriptLoadError.description.id && $0.span?.path == "pages/cart/cart.js" })
        #expect(store.usedFindings.pages.count == 3)
        #expect(store.checkedRoutes == Self.allRoutes)
    }

    /// Another runtime or another mactl build runs the page rules on every page.
    @Test func theRuntimeAndTheBuildAreInTheKey() throws {
        let project = try ProjectLoader.load(root: ModelReuseTests.showcase)
        let store = PageFindingStore(tool: "build 1")
        _ = Linter.lint(project, pageFindings: store)
        var w3c = Configuration.default
        w3c.runtime = try #require(RuntimeProfile.named("w3c"))
        let otherRuntime = Self.lint(project, configuration: w3c, kept: store)
        #expect(otherRuntime.checked == Self.allRoutes)
        #expect(otherRuntime.diagnostics == Linter.lint(project, configuration: w3c).diagnostics)
        #expect(Self.lint(project, kept: store, tool: "build 2").checked == Self.allRoutes)
    }

    /// Findings are kept before the configuration gives them a severity: a new severity needs
    /// no run. A rule that was off is run on every page once it is on.
    @Test func severitiesApplyToKeptFindingsAndARuleTurnedOnRuns() throws {
        let base = try ProjectLoader.load(root: ModelReuseTests.showcase)
        let project = ModelReuseTests.edited(
            base, "pages/home/home.html", ModelReuseTests.replacing("onAddToCart(product.id)", with: "onAddToKart(product.id)"))
        let id = TemplateUnknownHandler.description.id
        let store = PageFindingStore(tool: "build 1")
        let first = Linter.lint(project, pageFindings: store).diagnostics
        #expect(first.contains { $0.id == id && $0.severity == .error })

        let warning = Configuration(severities: [id: .warning])
        let softer = Self.lint(project, configuration: warning, kept: store)
        #expect(softer.checked.isEmpty)
        #expect(softer.diagnostics == Linter.lint(project, configuration: warning).diagnostics)
        #expect(softer.diagnostics.contains { $0.id == id && $0.severity == .warning })

        let off = Configuration(severities: [id: Severity?.none])
        let offStore = PageFindingStore(tool: "build 1")
        #expect(!Linter.lint(project, configuration: off, pageFindings: offStore).diagnostics.contains { $0.id == id })
        #expect(!offStore.usedFindings.rules.contains(id))
        let on = Self.lint(project, kept: offStore)
        #expect(on.checked == Self.allRoutes)
        #expect(on.diagnostics == first)
    }
}
