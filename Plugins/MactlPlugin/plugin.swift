import Foundation
import PackagePlugin

/// `swift package mactl lint [path]`, `swift package --allow-writing-to-package-directory mactl
/// pack [path] [--sign key.pem]`, `swift package mactl verify file.ma`: forwards to the mactl
/// tool. With no path, lint and pack run on every MiniApp folder in the package (a folder with
/// a `manifest.json` and an `app.js`). Everything worth testing lives in mactl itself.
@main
struct MactlPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "mactl").url
        let root = context.package.directoryURL
        guard let command = arguments.first else {
            Diagnostics.error("usage: swift package mactl lint|pack|verify|inspect [arguments]")
            return
        }
        var runs: [[String]] = [arguments]
        let hasPath = arguments.dropFirst().contains { !$0.hasPrefix("-") && !isOptionValue($0, in: arguments) }
        if ["lint", "pack"].contains(command), !hasPath {
            let folders = miniAppFolders(under: root)
            if folders.isEmpty {
                Diagnostics.error("no MiniApp folder (with a manifest.json and an app.js) in the package; give a path")
                return
            }
            runs = folders.map { [command, $0.path] + arguments.dropFirst() }
        }
        for run in runs {
            let process = Process()
            process.executableURL = tool
            process.arguments = run
            process.currentDirectoryURL = root
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 {
                Diagnostics.error("mactl \(run.joined(separator: " ")) failed (exit \(process.terminationStatus))")
            }
        }
    }

    /// Values of options that take one (`--sign key.pem`), which are not paths to lint.
    private func isOptionValue(_ argument: String, in arguments: [String]) -> Bool {
        let withValues: Set<String> = ["--format", "--config", "--color", "-o", "--output", "--report", "--sign", "--cert", "--key"]
        guard let index = arguments.firstIndex(of: argument), index > 0 else { return false }
        return withValues.contains(arguments[index - 1])
    }

    private func miniAppFolders(under root: URL) -> [URL] {
        let skipped: Set<String> = [".build", ".git", ".swiftpm", "node_modules", "dist", "Tests", "Fixtures"]
        var result: [URL] = []
        var stack = [root]
        while let folder = stack.popLast() {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            if names.contains("manifest.json"), names.contains("app.js") {
                result.append(folder)
                continue
            }
            for name in names where !name.hasPrefix(".") && !skipped.contains(name) {
                var isFolder: ObjCBool = false
                let url = folder.appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue { stack.append(url) }
            }
        }
        return result.sorted { $0.path < $1.path }
    }
}
