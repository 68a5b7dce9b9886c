import Foundation
import Testing

/// `mactl serve` in a real browser: headless Chromium through chromedriver taps the page's
/// button and sees the count change after the round trip through the logic layer in mactl,
/// switches tabs, navigates and goes back; and the server's refusals.
@Suite(.serialized) struct ServeCommandTests {
    /// A running `mactl serve`, stopped by `stop()`.
    final class Server {
        let process = Process()
        let url: String
        let output = Pipe()

        init(_ arguments: [String], in folder: URL) throws {
            process.executableURL = CLIRunner.executable
            process.arguments = ["serve"] + arguments + ["--port", "0", "--no-open", "--watch-interval", "50"]
            process.currentDirectoryURL = folder
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The first line says where it serves.
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let byte = output.fileHandleForReading.readData(ofLength: 1)
                if byte.isEmpty { break }
                line += byte
            }
            let text = String(decoding: line, as: UTF8.self)
            guard let range = text.range(of: "http://[^ ]+", options: .regularExpression) else {
                process.terminate()
                throw WebDriver.Failure(description: "mactl serve printed \(text)")
            }
            url = String(text[range])
        }

        func stop() {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// The text the page in the phone frame shows for `selector`.
    static func pageText(_ selector: String) -> String {
        "return (document.getElementById('frame').contentDocument.querySelector('\(selector)') || {}).textContent || ''"
    }

    @Test func aTapGoesThroughTheLogicLayerAndTabsNavigationAndBackWork() throws {
        try CLIRunner.withTemporaryFolder { folder in
            #expect(try CLIRunner.run(["new", "app"], in: folder).status == 0)
            let server = try Server(["app"], in: folder)
            defer { server.stop() }
            let browser = try WebDriver()
            defer { browser.quit() }
            try browser.open(server.url)
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

    @Test func aSavedChangeReloadsThePreviewWithTheLintFindings() throws {
        try CLIRunner.withTemporaryFolder { folder in
            #expect(try CLIRunner.run(["new", "app"], in: folder).status == 0)
            let server = try Server(["app"], in: folder)
            defer { server.stop() }
            let browser = try WebDriver()
            defer { browser.quit() }
            try browser.open(server.url)
            try browser.waitUntil(Self.pageText("h1"), is: "Welcome")
            let template = folder.appendingPathComponent("app/pages/home/home.html")
            let html = try String(contentsOf: template, encoding: .utf8)
            try html.replacingOccurrences(of: "onTapIncrement()", with: "onTapIncrment()").write(to: template, atomically: true, encoding: .utf8)
            let overlay = "return document.getElementById('overlay').textContent"
            let expected = "app/pages/home/home.html:14:21: error: unknown handler 'onTapIncrment' in '@click'; did you mean 'onTapIncrement'? [template-unknown-handler]"
            #expect(try browser.waitUntil(overlay, is: expected.replacingOccurrences(of: "app/", with: "")) == expected.replacingOccurrences(of: "app/", with: ""))
        }
    }

    @Test func aPortInUseIsAClearError() throws {
        try CLIRunner.withTemporaryFolder { folder in
            #expect(try CLIRunner.run(["new", "app"], in: folder).status == 0)
            let server = try Server(["app"], in: folder)
            defer { server.stop() }
            let port = String(server.url.split(separator: ":").last!.dropLast())
            let second = try CLIRunner.run(["serve", "app", "--port", port, "--no-open"], in: folder)
            #expect(second.status == 2)
            #expect(second.standardError == "error: port \(port) is in use; pick another with --port, or --port 0 for a free one\n")
        }
    }

    @Test func withoutAlpineItSaysHowToGetIt() throws {
        try CLIRunner.withTemporaryFolder { folder in
            #expect(try CLIRunner.run(["new", "app"], in: folder).status == 0)
            let result = try CLIRunner.run(["serve", "app", "--no-open", "--alpine", "missing.js"], in: folder)
            #expect(result.status == 2)
            #expect(result.standardError == "error: Alpine.js is not at 'missing.js': run scripts/setup.sh (it installs it from PyPI) or pass --alpine PATH\n")
        }
    }
}
