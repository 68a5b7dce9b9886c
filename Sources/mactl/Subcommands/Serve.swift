import ArgumentParser
import Foundation
import MiniAppKit

/// `mactl serve`: a live preview of the app in a browser. The page's real template runs with
/// Alpine and the runtime's bridge contract in an iframe; its logic runs in mactl's
/// JavaScriptCore host (the one `mactl test` uses). A change to a file reloads it, with the
/// lint's findings shown over the page.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Preview the app in a browser, with its logic running as on SkipMiniApp, reloading on change.",
        discussion: """
            Serves on 127.0.0.1 (--host to change it) until interrupted (SIGINT or SIGTERM), then \
            stops gracefully. It answers only requests addressed to localhost, an IP address or \
            --host, and takes state changes only from its own page (docs/serve.md). Needs \
            Alpine.js, which scripts/setup.sh installs from its PyPI package (or --alpine PATH). \
            Exit status: 0 after an interrupt, 2 when the server cannot start (a port in use, no \
            Alpine.js).
            """)

    @Argument(
        help: "The MiniApp project folder (default: the nearest folder from here upward with a manifest.json, else .).",
        completion: .directory)
    var path: String?

    @Option(name: .long, help: "The port to listen on; 0 picks a free one.")
    var port = 8080

    @Option(name: .long, help: "The address to listen on. Anything but 127.0.0.1 lets other machines in.")
    var host = "127.0.0.1"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Start on this page of the manifest, with a query as navigateTo passes it: 'pages/recipe/recipe?id=3'.", valueName: "route"))
    var open: String?

    @Flag(name: .long, help: "Do not open a browser.")
    var noOpen = false

    @Option(
        name: .long, help: "Alpine.js's standard build to give the pages (default: the one scripts/setup.sh installed).",
        completion: .file(extensions: ["js"]))
    var alpine: String?

    @Option(
        name: .long, help: "The runtime whose logic layer runs the app: skip, the only one mactl simulates.", completion: .list(["skip"]))
    var runtime = RuntimeProfile.skip.id

    @Option(name: .long, help: ArgumentHelp("How often to look for changes, in milliseconds.", visibility: .hidden))
    var watchInterval = 300

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard runtime == RuntimeProfile.skip.id else {
            let known = RuntimeProfile.named(runtime) != nil
            throw ValidationError(
                known
                    ? "the '\(runtime)' profile names no logic layer to run; mactl serve simulates SkipMiniApp's ('--runtime skip')"
                    : "unknown runtime '\(runtime)'; mactl serve simulates SkipMiniApp's ('--runtime skip')")
        }
    }

    func run() async throws {
        let path = ProjectLoading.projectPath(self.path)
        let root = URL(fileURLWithPath: path)
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(ProjectModel.manifestPath).path) else {
            throw CommandFailure(message: "'\(path)' has no manifest.json; give the MiniApp's folder")
        }
        let alpinePath = Self.alpineLocation(given: alpine)
        guard let alpineBytes = FileManager.default.contents(atPath: alpinePath) else {
            throw CommandFailure(
                message: "Alpine.js is not at '\(alpinePath)': run scripts/setup.sh (it installs it from PyPI) or pass --alpine PATH")
        }
        let session = PreviewSession(root: root)
        if let open {
            let (route, query) = PreviewSession.splitRoute(open)
            do {
                _ = try session.open(route: route, query: query)
            } catch {
                throw CommandFailure(message: "--open: " + error.description)
            }
        }
        let server = PreviewServer(session: session, alpine: Array(alpineBytes))
        do {
            try await server.start(host: host, port: port, stopsOnInterrupt: true)
        } catch {
            throw CommandFailure(message: error.description)
        }
        Terminal.standardOutput("serving '\(path)' at \(server.url) (Ctrl-C to stop)\n")
        if !noOpen { Self.openBrowser(server.url) }
        let watcher = Task { try await watch(root, server: server) }
        await server.waitUntilStopped()
        watcher.cancel()
        Terminal.standardOutput("stopped\n")
    }

    /// `--alpine`, else `$MACTL_ALPINE`, else where scripts/fetch-alpine.sh puts it.
    static func alpineLocation(given: String?) -> String {
        if let given { return given }
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["MACTL_ALPINE"], !path.isEmpty { return path }
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.local/share")
        return data + "/mactl/alpinejs/alpine.min.js"
    }

    private static func openBrowser(_ url: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }

    /// Reloads the preview after each burst of changes, and says so.
    private func watch(_ root: URL, server: PreviewServer) async throws {
        // One reload per burst: the project must stay unchanged for 100 ms.
        try await ProjectWatch(root: root, interval: .milliseconds(watchInterval)).onEachChange {
            server.reload()
            let problems = server.session.diagnostics.count
            Terminal.standardOutput(
                "\(LintWatcher.timestamp()) reloaded; \(problems == 0 ? "no lint findings" : "\(problems) lint findings shown in the page")\n"
            )
        }
    }
}
