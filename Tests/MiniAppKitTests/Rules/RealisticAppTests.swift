import Foundation
import Testing
import MiniAppKitTestSupport
@testable import MiniAppKit

/// A shop app written the way a MiniApp author writes one (tabs, a list with `x-for`, a
/// dropdown with view-local state, fetch, navigation, two locales) must lint clean; the same
/// app with the usual slips must get each one, at its line and column, and nothing else.
struct RealisticAppTests {
    static let root = PackageRoot.url.appendingPathComponent("Examples/showcase")

    private func load() throws -> [String: String] {
        let project = try ProjectLoader.load(root: Self.root)
        return project.files.mapValues(\.text)
    }

    /// Clean but for the one note every app with SVG tab icons gets under SkipMiniApp.
    @Test func theShopLintsClean() throws {
        let diagnostics = Linter.lint(try ProjectLoader.load(root: Self.root)).diagnostics.map(DiagnosticSummary.init)
        #expect(
            diagnostics.map(\.description) == [
                "manifest.json:45:17: on Android, SkipMiniApp cannot decode SVG: the 3 SVG tab icons show a question-mark placeholder [icon-tab-svg-on-android]"
            ])
    }

    @Test func everyTypoIsFoundAtItsLine() throws {
        var files = try load()
        func edit(_ path: String, _ old: String, _ new: String) {
            let text = files[path]!
            #expect(text.contains(old), "\(path) has no '\(old)'")
            files[path] = text.replacingOccurrences(of: old, with: new)
        }
        edit("pages/home/home.html", "@keydown.enter=\"onSearch()\"", "@keydown.enter=\"onSerch()\"")
        edit("pages/product/product.html", "<p x-text=\"store.product.description\">", "<p x-txt=\"store.product.description\">")
        edit("pages/cart/cart.js", "'pages/product/product'", "'pages/checkout/checkout'")
        edit(
            "pages/profile/profile.js", "this.setData({ newsletter: !this.data.newsletter });",
            "this.setData({ newsletter: !this.data.newsletter };")
        edit(
            "pages/home/home.html",
            "<template x-if=\"store.products.length === 0\">\n    <p x-text=\"$t('home.empty')\"></p>\n  </template>",
            "<div x-if=\"store.products.length === 0\">\n    <p x-text=\"$t('home.empty')\"></p>\n  </div>")
        edit("pages/cart/cart.html", "@click=\"onCheckout()\"", "@click=\"store.total = 0\"")
        edit("pages/home/home.js", "skip.nav.switchTab({ url: 'pages/cart/cart' })", "skip.nav.switchTab({ url: 'pages/product/product' })")

        let diagnostics = Linter.lint(Project(contents: files)).diagnostics.map(DiagnosticSummary.init)
        #expect(
            diagnostics.map(\.description) == [
                "manifest.json:45:17: on Android, SkipMiniApp cannot decode SVG: the 3 SVG tab icons show a question-mark placeholder [icon-tab-svg-on-android]",
                "pages/cart/cart.html:17:56: '@click' assigns to 'store.total' in the view, where the logic layer never sees it; name a page handler and call 'setData' there [template-inline-statement]",
                "pages/cart/cart.js:16:3: handler 'onCheckout' is not bound in 'pages/cart/cart.html' [script-unused-handler]",
                "pages/cart/cart.js:17:32: 'navigateTo' opens 'pages/checkout/checkout', which is not a page in the manifest [script-navigation-unknown-page]",
                "pages/home/home.html:11:64: unknown handler 'onSerch' in '@keydown'; did you mean 'onSearch'? [template-unknown-handler]",
                "pages/home/home.html:23:8: 'x-if' only works on a '<template>' element, not on '<div>'; wrap the element in '<template x-if>' or use 'x-show' [template-directive-needs-template]",
                "pages/home/home.js:20:3: handler 'onSearch' is not bound in 'pages/home/home.html' [script-unused-handler]",
                "pages/home/home.js:36:31: 'switchTab' to 'pages/product/product', which has no tab; use 'navigateTo' for pages outside the tab bar [script-switch-tab-non-tab]",
                "pages/product/product.html:9:8: unknown directive 'x-txt'; did you mean 'x-text'? [template-unknown-directive]",
                "pages/profile/profile.js:7:55: SyntaxError: Unexpected token ';'. Expected ')' to end an argument list. [script-load-error]",
            ])
    }

    /// The translation and icon slips of the i18n issue, on the same app.
    @Test func everyTranslationAndIconSlipIsFound() throws {
        var files = try load()
        func edit(_ path: String, _ old: String, _ new: String) {
            let text = files[path]!
            #expect(text.contains(old), "\(path) has no '\(old)'")
            files[path] = text.replacingOccurrences(of: old, with: new)
        }
        edit("i18n/fr.json", "  \"profile.name\": \"Name\",\n", "")
        edit("i18n/fr.json", "\"{count} articles\"", "\"{nombre} articles\"")
        edit("pages/home/home.html", "$t('home.loading')", "$t('home.loadng')")
        edit("icons/cart.svg", "</svg>", "<script>alert(1)</script></svg>")
        edit("icons/profile.svg", "fill=\"currentColor\"", "fill=\"none\"")
        edit("manifest.json", "\"icons/home.svg\"", "\"icons/house.svg\"")
        var project = Project(contents: files)
        project = Project(files: project.paths.compactMap(project.file).filter { $0.path != "icons/home.svg" })

        let diagnostics = Linter.lint(project).diagnostics.map(DiagnosticSummary.init)
        #expect(
            diagnostics.map(\.description) == [
                "i18n/en-US.json:8:3: translation key 'home.loading' is not used anywhere [i18n-unused-key]",
                "i18n/fr.json:1:1: 'fr' has no translation for 'profile.name'; the runtime shows the 'en-US' text [i18n-untranslated-key]",
                "i18n/fr.json:17:17: the 'fr' text of 'cart.count' uses {nombre} where the default text uses {count} [i18n-placeholder-mismatch]",
                "icons/cart.svg:3:1: '<script>' in an icon runs when the icon is opened; an icon must be a plain picture [icon-active-content]",
                "icons/profile.svg:1:1: icon 'icons/profile.svg' renders nothing at 24 and 48 pixels [icon-blank]",
                "icons/profile.svg:2:9: tab icon 'icons/profile.svg' is filled where its SVG is not on iOS, whose reader fills every path: an invisible path (fill=\"none\", no stroke) is filled as a solid shape; on the phone 100% of the icon's ink differs (0% of the SVG's is missing, 100% of the phone's is extra) [icon-tab-outline-filled-on-ios]",
                "manifest.json:45:17: on Android, SkipMiniApp cannot decode SVG: the 3 SVG tab icons show a question-mark placeholder [icon-tab-svg-on-android]",
                "manifest.json:45:17: tab icon 'icons/house.svg' is not in the project [manifest-tab-icon-not-found]",
                "pages/home/home.html:13:61: translation key 'home.loadng' is not in the default locale 'i18n/en-US.json'; did you mean 'home.loading'? [i18n-missing-key]",
            ])
    }
}
