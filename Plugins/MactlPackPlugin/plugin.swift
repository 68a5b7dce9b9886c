import Foundation
import PackagePlugin

/// Packs every MiniApp folder inside a target (a folder with a `manifest.json` and an
/// `app.js`) into `<folder name>.ma` at build time, for host apps that embed MiniApps. The
/// package becomes a resource of the target; lint errors fail the build with their file, line
/// and column.
@main
struct MactlPackPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "mactl").url
        let files = target.sourceFiles.map(\.url)
        // A MiniApp folder is one that holds both a manifest.json and an app.js.
        let manifests = files.filter { $0.lastPathComponent == "manifest.json" }
        let folders = manifests.map { $0.deletingLastPathComponent() }.filter { folder in
            files.contains { $0 == folder.appendingPathComponent("app.js") }
        }
        return folders.map { folder in
            let output = context.pluginWorkDirectoryURL.appendingPathComponent(folder.lastPathComponent + ".ma")
            let report = context.pluginWorkDirectoryURL.appendingPathComponent(folder.lastPathComponent + ".report.yaml")
            let inputs = files.filter { $0.path.hasPrefix(folder.path + "/") }
            return .buildCommand(
                displayName: "Packing MiniApp \(folder.lastPathComponent)",
                executable: tool,
                arguments: ["pack", folder.path, "-o", output.path, "--report", report.path, "--color", "never"],
                environment: ["SOURCE_DATE_EPOCH": "315532800"],
                inputFiles: inputs,
                outputFiles: [output])
        }
    }
}
