import Foundation
import PackagePlugin

/// `swift package mactl lint [path]`, `swift package mactl test [path]`, `swift package
/// --allow-writing-to-package-directory mactl pack [path] [--sign key.pem]` (the flag lets
/// macOS's plugin sandbox have pack write `dist/`), `swift package mactl verify file.ma`:
/// forwards to the mactl tool. With no path, lint, test and pack run on every
/// MiniApp folder in the package (a folder with
/// a `manifest.json` and an `app.js`), which `mactl list-apps` finds: a plugin cannot use the
/// library, and the search skips what the loader skips. Everything worth testing lives in
/// mactl itself.
@main
struct MactlPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "mactl").url
        let root = context.package.directoryURL
        guard let command = arguments.first else {
            Diagnostics.error("usage: swift package mactl lint|test|pack|verify|inspect [arguments]")
            return
        }
        var runs: [[String]] = [arguments]
        let hasPath = arguments.dropFirst().contains { !$0.hasPrefix("-") && !isOptionValue($0, in: arguments) }
        if ["lint", "test", "pack"].contains(command), !hasPath {
            let folders = try miniAppFolders(under: root, tool: tool)
            if folders.isEmpty {
                Diagnostics.error("no MiniApp folder (with a manifest.json and an app.js) in the package; give a path")
                return
            }
            runs = folders.map { [command, $0] + arguments.dropFirst() }
        }
        for run in runs {
            let status = try runTool(tool, run, in: root).status
            if status != 0 {
                Diagnostics.error("mactl \(run.joined(separator: " ")) failed (exit \(status))")
            }
        }
    }

    /// Runs mactl in `folder`; its output goes where the plugin's goes, unless `capturing`,
    /// when it is returned.
    private func runTool(
        _ tool: URL, _ arguments: [String], in folder: URL, capturing: Bool = false
    ) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = capturing ? Pipe() : nil
        if let pipe { process.standardOutput = pipe }
        try process.run()
        // Read before waiting so a long output cannot fill the pipe and block mactl.
        let output = pipe?.fileHandleForReading.readDataToEndOfFile() ?? Data()
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// Values of options that take one (`--sign key.pem`), which are not paths to lint.
    private func isOptionValue(_ argument: String, in arguments: [String]) -> Bool {
        let withValues: Set<String> = [
            "--format", "--config", "--color", "-o", "--output", "--report", "--sign", "--cert", "--key", "--filter", "--timeout",
        ]
        guard let index = arguments.firstIndex(of: argument), index > 0 else { return false }
        return withValues.contains(arguments[index - 1])
    }

    /// The MiniApp folders in the package, as `mactl list-apps` finds them.
    private func miniAppFolders(under root: URL, tool: URL) throws -> [String] {
        let (status, output) = try runTool(tool, ["list-apps", root.path], in: root, capturing: true)
        guard status == 0 else { return [] }
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
