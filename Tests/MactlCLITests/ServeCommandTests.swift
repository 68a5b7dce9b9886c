import Foundation
import MiniAppKitTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `mactl serve` in a real browser: headless Chromium through chromedriver taps the page's
/// button and sees the count change after the round trip through the logic layer in mactl,
/// switches tabs, navigates and goes back; and the server's refusals.
@Suite(.serialized) struct ServeCommandTests {
    /// `mactl serve` on a free port, looking for changes every 50 ms.
    static func serve(_ project: String, in folder: URL, _ more: [String] = []) async throws -> ListeningProcess {
        try await ListeningProcess(mactl: ["serve", project, "--port", "0", "--no-open", "--watch-interval", "50"] + more, in: folder)
    }

    static func scaffold(_ folder: URL) async throws {
        #expect(try await CLIRunner.run(["new", "app"], in: folder).status == 0)
    }

    /// A project made by `prepare` (default: the scaffold) in `app`, served, with headless
    /// Chromium on its preview.
    static func withPreview(
        prepare: (URL) async throws -> Void = scaffold, serving more: [String] = [], width: Int = 1000, height: Int = 1200,
        _ body: (URL, ListeningProcess, WebDriver) async throws -> Void
    ) async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            try await prepare(folder)
            let server = try await serve("app", in: folder, more)
            defer { server.stop() }
            let browser = try await WebDriver(width: width, height: height)
            defer { browser.quit() }
            try browser.open(server.url)
            try await body(folder, server, browser)
        }
    }

    /// The page's text after a change, in the page the shell shows.
    @discardableResult
    static func waitForText(_ browser: WebDriver, _ selector: String, _ expected: String) throws -> String {
        try browser.waitUntil(pageText(selector), is: expected)
    }

    /// The text the page in the phone frame shows for `selector`.
    static func pageText(_ selector: String) -> String {
        "return (document.getElementById('frame').contentDocument.querySelector('\(selector)') || {}).textContent || ''"
    }

    @Test func aTapGoesThroughTheLogicLayerAndTabsNavigationAndBackWork() async throws {
        try await Self.withPreview { _, _, browser in
            #expect(try browser.waitUntil(Self.pageText("h1"), is: "Welcome") == "Welcome")
            #expect(try browser.waitUntil("return document.getElementById('title').textContent", is: "Home") == "Home")

            // Tap in the page: the view posts to the handler in mactl, setData comes back.
            try browser.waitUntil(Self.pageText(".count"), is: "0")
            try browser.enterFrame("#frame")
            try browser.click("button")
            try browser.enterFrame(nil)
            #expect(try browser.waitUntil(Self.pageText(".count"), is: "1") == "1")

            // The tab bar: Explore shows its list, rendered by Alpine from the page's data.
            try browser.click("#tabs button[data-page='pages/explore/explore']")
            #expect(try browser.waitUntil(Self.pageText("li"), is: "Lighthouse") == "Lighthouse")
            #expect(try browser.waitUntil("return document.getElementById('title').textContent", is: "Explore") == "Explore")

            // navigateTo from the page, then the navigation bar's back button.
            try browser.enterFrame("#frame")
            try browser.click("button")
            try browser.enterFrame(nil)
            #expect(try browser.waitUntil(Self.pageText("h1"), is: "Details") == "Details")
            #expect(try browser.waitUntil("return String(document.getElementById('back').hidden)", is: "false") == "false")
            try browser.click("#back")
            #expect(try browser.waitUntil(Self.pageText("li"), is: "Lighthouse") == "Lighthouse")

            // Back on the first tab, the count is still what the logic layer holds.
            try browser.click("#tabs button[data-page='pages/home/home']")
            #expect(try browser.waitUntil(Self.pageText(".count"), is: "1") == "1")
        }
    }

    @Test func aSavedChangeReloadsThePreviewWithTheLintFindings() async throws {
        try await Self.withPreview { folder, _, browser in
            try browser.waitUntil(Self.pageText("h1"), is: "Welcome")
            try CLIRunner.replace(
                "onTapIncrement()", with: "onTapIncrment()", in: folder.appendingPathComponent("app/pages/home/home.html"))
            let overlay = "return document.getElementById('overlay').textContent"
            let expected =
                "app/pages/home/home.html:14:21: error: unknown handler 'onTapIncrment' in '@click'; did you mean 'onTapIncrement'? [template-unknown-handler]"
            #expect(
                try browser.waitUntil(overlay, is: expected.replacingOccurrences(of: "app/", with: ""))
                    == expected.replacingOccurrences(of: "app/", with: ""))
        }
    }

    @Test func aPortInUseIsAClearError() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            #expect(try await CLIRunner.run(["new", "app"], in: folder).status == 0)
            let server = try await Self.serve("app", in: folder)
            defer { server.stop() }
            let port = String(server.url.split(separator: ":").last!.dropLast())
            let second = try await CLIRunner.run(["serve", "app", "--port", port, "--no-open"], in: folder)
            #expect(second.status == 2)
            #expect(second.standardError == "error: port \(port) is in use; pick another with --port, or --port 0 for a free one\n")
        }
    }

    @Test func anInterruptStopsTheServerGracefully() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            #expect(try await CLIRunner.run(["new", "app"], in: folder).status == 0)
            for signal in [SIGINT, SIGTERM] {
                let server = try await Self.serve("app", in: folder)
                #expect(try server.request("GET", "/mactl/state").status == 200)
                let (status, output) = await server.interrupt(signal)
                #expect(status == 0, "signal \(signal)")
                #expect(output == "stopped\n", "signal \(signal)")
            }
        }
    }

    @Test func withoutAlpineItSaysHowToGetIt() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            #expect(try await CLIRunner.run(["new", "app"], in: folder).status == 0)
            let result = try await CLIRunner.run(["serve", "app", "--no-open", "--alpine", "missing.js"], in: folder)
            #expect(result.status == 2)
            #expect(
                result.standardError
                    == "error: Alpine.js is not at 'missing.js': run scripts/setup.sh (it installs it from PyPI) or pass --alpine PATH\n")
        }
    }

    @Test func theShowcaseRunsEndToEndWithTabIconsLocalesAndTheDarkScheme() async throws {
        let showcase: (URL) async throws -> Void = { folder in
            try FileManager.default.copyItem(
                at: CLIRunner.packageRoot.appendingPathComponent("Examples/showcase"), to: folder.appendingPathComponent("app"))
        }
        try await Self.withPreview(prepare: showcase) { _, server, browser in
            #expect(try Self.waitForText(browser, "h1", "Today's products") == "Today's products")
            #expect(try browser.waitUntil("return document.getElementById('title').textContent", is: "Shop") == "Shop")
            // x-init="handler('ping')" reached the page's logic, which logged.
            #expect(
                try browser.waitUntil("return String(document.getElementById('logs').textContent.indexOf('home ready') >= 0)", is: "true")
                    == "true")

            // Each tab shows its icon as iOS reads it, a PNG mask mactl renders.
            #expect(try browser.waitUntil("return String(document.querySelectorAll('#tabs .icon').length)", is: "3") == "3")
            let icon = try server.request("GET", "/mactl/tab-icon?path=icons/cart.svg")
            #expect(icon.status == 200)
            #expect(icon.bytes.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            #expect(try server.request("GET", "/mactl/tab-icon?path=icons/app.svg").status == 404)

            // State local to the view (x-data="{ open: false }") runs in the browser through
            // mactl's evaluator: the filters open, and x-show shows the sort button.
            let sortShown =
                "return getComputedStyle(document.getElementById('frame').contentDocument.querySelector('[x-ref=sortButton]').parentElement).display"
            #expect(try browser.waitUntil(sortShown, is: "none") == "none")
            try browser.enterFrame("#frame")
            try browser.click("div.card > button")
            try browser.enterFrame(nil)
            #expect(try browser.waitUntil(sortShown, is: "block") == "block")

            // The cart tab: its template, its title from setNavigationBarTitle in onShow, $t with a parameter.
            try browser.click("#tabs button[data-page='pages/cart/cart']")
            #expect(try Self.waitForText(browser, "h1", "Your cart") == "Your cart")
            #expect(try Self.waitForText(browser, "p.card", "0 items") == "0 items")
            #expect(try browser.waitUntil("return document.getElementById('title').textContent", is: "Your cart") == "Your cart")

            // Another locale starts the app again, as a phone set to German would.
            _ = try browser.execute("var s = document.getElementById('locale'); s.value = 'de'; s.dispatchEvent(new Event('change'));")
            #expect(try browser.waitUntil("return document.getElementById('title').textContent", is: "Laden") == "Laden")
            #expect(try Self.waitForText(browser, "h1", "Produkte von heute") == "Produkte von heute")

            // The dark switch: the page's prefers-color-scheme answers dark.
            let dark = "return String(document.getElementById('frame').contentWindow.matchMedia('(prefers-color-scheme: dark)').matches)"
            #expect(try browser.waitUntil(dark, is: "false") == "false")
            try browser.click("#dark")
            #expect(try browser.waitUntil(dark, is: "true") == "true")
        }
    }

    @Test func aThrowingHandlerIsReportedWithItsPlaceAndThePreviewGoesOn() async throws {
        let throwing: (URL) async throws -> Void = { folder in
            #expect(try await CLIRunner.run(["new", "app"], in: folder).status == 0)
            try CLIRunner.replace(
                "    this.setData({ count: this.data.count + 1 });",
                with: "    this.setData({ count: this.data.count + 1 });\n    if (this.data.count > 1) throw new Error('too many');",
                in: folder.appendingPathComponent("app/pages/home/home.js"))
        }
        try await Self.withPreview(prepare: throwing) { _, _, browser in
            try Self.waitForText(browser, ".count", "0")
            for _ in 0..<2 {
                try browser.enterFrame("#frame")
                try browser.click("button")
                try browser.enterFrame(nil)
            }
            // The second tap's setData landed before the throw, as on the device.
            #expect(try Self.waitForText(browser, ".count", "2") == "2")
            let errors = "return document.getElementById('errors').textContent"
            let expected = "pages/home/home.js:10:45: onTapIncrement of pages/home/home threw Error: too many; on the device this is silent"
            #expect(try browser.waitUntil(errors, is: expected) == expected)
            // The server goes on: the tab bar still works.
            try browser.click("#tabs button[data-page='pages/explore/explore']")
            #expect(try Self.waitForText(browser, "li", "Lighthouse") == "Lighthouse")
        }
    }

    @Test func aTemplateThatDoesNotParseIsShownOverThePageWhichStillRenders() async throws {
        let broken: (URL) async throws -> Void = { folder in
            #expect(try await CLIRunner.run(["new", "app"], in: folder).status == 0)
            try CLIRunner.replace(
                "<p x-text=\"$t('home.counter')\"></p>", with: "<p x-text=\"$t('home.counter')\"></div>",
                in: folder.appendingPathComponent("app/pages/home/home.html"))
        }
        try await Self.withPreview(prepare: broken) { (_, _, browser) throws in
            let overlay = "return document.getElementById('overlay').textContent"
            let expected = "pages/home/home.html:12:36: error: unexpected end tag 'div' [template-markup-error]"
            #expect(try browser.waitUntil(overlay, is: expected) == expected)
            // The browser repairs the markup as the phone's WebView would, and the page runs.
            #expect(try Self.waitForText(browser, "h1", "Welcome") == "Welcome")
        }
    }

    @Test func aClientThatGoesAwayMidSessionLeavesTheServerServing() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            #expect(try await CLIRunner.run(["new", "app"], in: folder).status == 0)
            let server = try await Self.serve("app", in: folder)
            defer { server.stop() }
            // An event stream opened and dropped, and a request cut off halfway.
            let stream = try RawHTTP.connect(server.port)
            _ = "GET /mactl/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n".withCString {
                send(stream, $0, strlen($0), Int32(MSG_NOSIGNAL))
            }
            var head = [UInt8](repeating: 0, count: 256)
            #expect(recv(stream, &head, head.count, 0) > 0)
            close(stream)
            let halfway = try RawHTTP.connect(server.port)
            _ = "POST /mactl/event HTTP/1.1\r\nContent-Length: 100\r\n\r\n{\"vi".withCString {
                send(halfway, $0, strlen($0), Int32(MSG_NOSIGNAL))
            }
            close(halfway)
            // A change of state is sent to the dropped stream, and the server answers on. A
            // change carries the token of the shell page (docs/serve.md).
            #expect(try server.request("POST", "/mactl/tab?index=1").status == 403)
            let shell = try server.request("GET", "/").body
            let token = try #require(
                shell.range(of: "(?<=name=\"mactl-token\" content=\")[0-9a-f]{32}", options: .regularExpression).map { String(shell[$0]) })
            let tab = try server.request("POST", "/mactl/tab?index=1", headers: ["X-Mactl-Token: \(token)"])
            #expect(tab.status == 200)
            #expect(tab.body.contains("\"stack\":[\"pages/explore/explore\"]"))
            #expect(try server.request("GET", "/mactl/state").status == 200)
            #expect(server.isRunning)
        }
    }

    @Test func theAppsFetchGoesToTheNetworkAsOnThePhone() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            #expect(try await CLIRunner.run(["new", "app"], in: folder).status == 0)
            // A real HTTP server on 127.0.0.1 with the text the page fetches.
            let site = folder.appendingPathComponent("site")
            try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
            try "Hello from the network".write(to: site.appendingPathComponent("greeting.txt"), atomically: true, encoding: .utf8)
            let web = try await ListeningProcess(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", site.path])
            defer { web.stop() }
            let home = folder.appendingPathComponent("app/pages/home/home")
            try CLIRunner.replace("    count: 0,\n", with: "    count: 0,\n    greeting: '',\n", in: home.appendingPathExtension("js"))
            try CLIRunner.replace(
                "    skip.log('home loaded');\n",
                with:
                    "    skip.log('home loaded');\n    skip.net.fetch('\(web.url)greeting.txt').then((r) => r.text()).then((text) => this.setData({ greeting: text }));\n",
                in: home.appendingPathExtension("js"))
            try CLIRunner.replace(
                "  </section>", with: "    <p class=\"greeting\" x-text=\"store.greeting\"></p>\n  </section>",
                in: home.appendingPathExtension("html"))

            let server = try await Self.serve("app", in: folder)
            defer { server.stop() }
            let browser = try await WebDriver()
            defer { browser.quit() }
            try browser.open(server.url)
            #expect(try Self.waitForText(browser, ".greeting", "Hello from the network") == "Hello from the network")
        }
    }

    @Test func anotherRuntimeIsAUsageError() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            #expect(try await CLIRunner.run(["new", "app"], in: folder).status == 0)
            let result = try await CLIRunner.run(["serve", "app", "--no-open", "--runtime", "w3c"], in: folder)
            #expect(result.status == 2)
            #expect(
                result.standardError.hasPrefix(
                    "Error: the 'w3c' profile names no logic layer to run; mactl serve simulates SkipMiniApp's ('--runtime skip')\n"))
        }
    }

    // ---- Issue 41: a preview that keeps your place ----

    /// The scaffold with Explore's button pushing the detail page with the query `id=3`, which
    /// the detail page shows, and a button there counting taps in its data.
    static func detailWithQuery(_ folder: URL) async throws {
        try await scaffold(folder)
        let app = folder.appendingPathComponent("app/pages")
        try CLIRunner.replace(
            "skip.nav.navigateTo({ url: 'pages/detail/detail' });",
            with: "skip.nav.navigateTo({ url: 'pages/detail/detail', query: 'id=3' });",
            in: app.appendingPathComponent("explore/explore.js"))
        try """
        Page({
          data: { place: '', taps: 0 },
          onLoad(options) {
            this.setData({ place: options.query });
          },
          onTapMore() {
            this.setData({ taps: this.data.taps + 1 });
          },
          onTapBack() {
            skip.nav.navigateBack({ delta: 1 });
          },
        });

        """.write(to: app.appendingPathComponent("detail/detail.js"), atomically: true, encoding: .utf8)
        try CLIRunner.replace(
            "    <button @click=\"onTapBack()\"",
            with:
                "    <p class=\"place\" x-text=\"store.place\"></p>\n    <p class=\"taps\" x-text=\"store.taps\"></p>\n    <button class=\"more\" @click=\"onTapMore()\" x-text=\"store.taps\"></button>\n    <button @click=\"onTapBack()\"",
            in: app.appendingPathComponent("detail/detail.html"))
    }

    static let route = "return document.getElementById('route').textContent"

    /// Taps `selector` in the page in the phone frame.
    static func tap(_ browser: WebDriver, _ selector: String) throws {
        try browser.enterFrame("#frame")
        try browser.click(selector)
        try browser.enterFrame(nil)
    }

    @Test func aSaveKeepsThePushedPageWithItsQueryAndItsData() async throws {
        try await Self.withPreview(prepare: Self.detailWithQuery) { folder, _, browser in
            try Self.waitForText(browser, ".count", "0")
            try Self.tap(browser, "button")
            try Self.waitForText(browser, ".count", "1")
            try browser.click("#tabs button[data-page='pages/explore/explore']")
            try Self.waitForText(browser, "li", "Lighthouse")
            try Self.tap(browser, "button")
            #expect(try Self.waitForText(browser, ".place", "id=3") == "id=3")
            try Self.tap(browser, ".more")
            try Self.tap(browser, ".more")
            #expect(try Self.waitForText(browser, ".taps", "2") == "2")
            // The state the shell showed before the save, to hand it back late below.
            _ = try browser.execute(
                "fetch('/mactl/state').then(function (r) { return r.json(); }).then(function (s) { window.before = s; });")
            try browser.waitUntil("return String(!!window.before)", is: "true")

            // A template changes: the same page, its query and its data, on the same tab.
            let detail = folder.appendingPathComponent("app/pages/detail/detail")
            try CLIRunner.replace("<h1 ", with: "<p class=\"saved\">saved</p>\n    <h1 ", in: detail.appendingPathExtension("html"))
            #expect(try Self.waitForText(browser, ".saved", "saved") == "saved")
            #expect(try Self.waitForText(browser, ".place", "id=3") == "id=3")
            #expect(try Self.waitForText(browser, ".taps", "2") == "2")
            #expect(
                try browser.waitUntil(Self.route, is: "pages/explore/explore › pages/detail/detail?id=3")
                    == "pages/explore/explore › pages/detail/detail?id=3")
            #expect(
                try browser.waitUntil("return document.querySelector('#tabs .active').dataset.page", is: "pages/explore/explore")
                    == "pages/explore/explore")

            // A state from before the reload, arriving late, is dropped: the page stays.
            let late =
                "window.mactlShell.render(window.before); return String(document.getElementById('frame').src.indexOf('&run=' + window.before.run) < 0)"
            #expect(try browser.execute(late) as? String == "true")
            try Self.tap(browser, ".more")
            #expect(try Self.waitForText(browser, ".taps", "3") == "3")

            // The page's script changes: its onLoad runs again with the same query, and its data
            // starts again; the other pages keep theirs.
            try CLIRunner.replace("taps: 0", with: "taps: 10", in: detail.appendingPathExtension("js"))
            #expect(try Self.waitForText(browser, ".taps", "10") == "10")
            #expect(try Self.waitForText(browser, ".place", "id=3") == "id=3")
            try browser.click("#back")
            try Self.waitForText(browser, "li", "Lighthouse")
            try browser.click("#tabs button[data-page='pages/home/home']")
            #expect(try Self.waitForText(browser, ".count", "1") == "1")
        }
    }

    @Test func openStartsOnAPageWithItsQueryAndTheAddressFieldGoesToOne() async throws {
        try await Self.withPreview(prepare: Self.detailWithQuery, serving: ["--open", "pages/detail/detail?id=3"]) { _, _, browser in
            #expect(try Self.waitForText(browser, ".place", "id=3") == "id=3")
            #expect(
                try browser.waitUntil(Self.route, is: "pages/home/home › pages/detail/detail?id=3")
                    == "pages/home/home › pages/detail/detail?id=3")
            #expect(
                try browser.waitUntil("return document.getElementById('address').value", is: "pages/detail/detail?id=3")
                    == "pages/detail/detail?id=3")

            // The address field: a tab's page by its tab, a pushed page with its query.
            func go(_ address: String) throws {
                _ = try browser.execute(
                    "var a = document.getElementById('address'); a.value = \(Self.quoted(address)); document.getElementById('address-form').requestSubmit();"
                )
            }
            try go("pages/explore/explore")
            try Self.waitForText(browser, "li", "Lighthouse")
            try go("pages/detail/detail?id=7&tab=2")
            #expect(try Self.waitForText(browser, ".place", "id=7&tab=2") == "id=7&tab=2")
            #expect(
                try browser.waitUntil(Self.route, is: "pages/explore/explore › pages/detail/detail?id=7&tab=2")
                    == "pages/explore/explore › pages/detail/detail?id=7&tab=2")

            // A route that is not a page: said beside the field, the page stays.
            try go("pages/recipe/recipe?id=3")
            let expected =
                "'pages/recipe/recipe' is not a page of the app; the manifest's pages are 'pages/home/home', 'pages/explore/explore', 'pages/settings/settings', 'pages/detail/detail'"
            #expect(try browser.waitUntil("return document.getElementById('address-error').textContent", is: expected) == expected)
            #expect(try Self.waitForText(browser, ".place", "id=7&tab=2") == "id=7&tab=2")
        }
    }

    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    @Test func openNamingNoPageIsAClearError() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            try await Self.scaffold(folder)
            let result = try await CLIRunner.run(
                ["serve", "app", "--no-open", "--port", "0", "--open", "pages/recipe/recipe?id=3"], in: folder)
            #expect(result.status == 2)
            #expect(
                result.standardError
                    == "error: --open: 'pages/recipe/recipe' is not a page of the app; the manifest's pages are 'pages/home/home', 'pages/explore/explore', 'pages/settings/settings', 'pages/detail/detail'\n"
            )
        }
    }

    @Test func inAShortWindowThePhoneIsScaledSoTheTabBarShowsAndTheDeviceIsRemembered() async throws {
        try await Self.withPreview(width: 1280, height: 757) { _, _, browser in
            try browser.waitUntil(Self.pageText("h1"), is: "Welcome")
            #expect(try browser.waitUntil("return String(window.innerHeight <= 757)", is: "true") == "true")
            let inside = """
                var tabs = document.getElementById('tabs').getBoundingClientRect();
                return String(tabs.height > 0 && tabs.top >= 0 && tabs.bottom <= window.innerHeight && tabs.right <= window.innerWidth);
                """
            for device in 0..<4 {
                _ = try browser.execute(
                    "var d = document.getElementById('device'); d.value = '\(device)'; d.dispatchEvent(new Event('change'));")
                #expect(try browser.waitUntil(inside, is: "true") == "true", "device \(device)")
            }
            // The page lays out at the device's own width, whatever the scale.
            #expect(try browser.waitUntil("return String(document.getElementById('frame').contentWindow.innerWidth)", is: "412") == "412")
            // A click on the scaled phone reaches the page's button under the pointer.
            let center = try #require(
                try browser.execute(
                    """
                    var frame = document.getElementById('frame'), outer = frame.getBoundingClientRect();
                    var button = frame.contentDocument.querySelector('button').getBoundingClientRect(), scale = outer.width / frame.clientWidth;
                    return [scale, outer.left + (button.left + button.width / 2) * scale, outer.top + (button.top + button.height / 2) * scale];
                    """) as? [Double])
            #expect(center[0] < 1)
            try browser.click(x: center[1], y: center[2])
            #expect(try browser.waitUntil(Self.pageText(".count"), is: "1") == "1")
            // Pixel 7 is chosen again in the next shell this browser opens.
            _ = try browser.execute("location.reload();")
            try browser.waitUntil(Self.pageText("h1"), is: "Welcome")
            #expect(try browser.waitUntil("return document.getElementById('device').value", is: "3") == "3")
            #expect(try browser.waitUntil("return document.getElementById('phone').style.width", is: "412px") == "412px")
            #expect(try browser.waitUntil(inside, is: "true") == "true")
        }
    }

    @Test func theDataPanelShowsThePagesDataAndEachSetDataNewestFirst() async throws {
        try await Self.withPreview { _, _, browser in
            let count = "return document.querySelector('#data [data-path=\"count\"]').textContent"
            #expect(try browser.waitUntil(count, is: "count: 0") == "count: 0")
            #expect(try browser.waitUntil("return String(document.querySelectorAll('#history li').length)", is: "0") == "0")
            try Self.tap(browser, "button")
            try Self.tap(browser, "button")
            #expect(try browser.waitUntil(count, is: "count: 2") == "count: 2")
            let entries =
                "return Array.from(document.querySelectorAll('#history li')).map(function (li) { return li.querySelector('.by').textContent + ' ' + li.querySelector('.patch').textContent; }).join('\\n')"
            let expected = "onTapIncrement of pages/home/home {\"count\":2}\nonTapIncrement of pages/home/home {\"count\":1}"
            #expect(try browser.waitUntil(entries, is: expected) == expected)
            // Each entry has its time of day, to the millisecond.
            let time = "return String(/^\\d\\d:\\d\\d:\\d\\d\\.\\d{3}$/.test(document.querySelector('#history .at').textContent))"
            #expect(try browser.waitUntil(time, is: "true") == "true")
            // Explore's list is a tree: the array, open, with its items closed.
            try browser.click("#tabs button[data-page='pages/explore/explore']")
            let items = "return document.querySelector('#data details[data-path=\"items\"] > summary').textContent"
            #expect(try browser.waitUntil(items, is: "items: Array(3)") == "items: Array(3)")
            #expect(
                try browser.waitUntil(
                    "return document.querySelector('#data [data-path=\"items[0].name\"]').textContent", is: "name: \"Lighthouse\"")
                    == "name: \"Lighthouse\"")
        }
    }
}
