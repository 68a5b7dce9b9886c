import Foundation

/// The MiniApp folders inside a folder, for the SwiftPM command plugin's `lint` and `pack`
/// with no path (it asks `mactl list-apps`, as a plugin cannot use this library): every folder
/// with a `manifest.json` and an `app.js`.
///
/// The search skips what the loader skips (`ProjectLoader.skips`), a Swift package's test
/// folders, whose fixtures are broken on purpose, and the inside of a MiniApp it found.
public enum MiniAppFolders {
    /// Folders of a Swift package that hold test fixtures, not apps to ship.
    public static let skippedTestFolderNames: Set<String> = ["Tests", "Fixtures"]

    /// The MiniApp folders under `root` (`root` itself included), sorted by path.
    public static func find(under root: URL) -> [URL] {
        var result: [URL] = []
        var stack = [root]
        while let folder = stack.popLast() {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            if names.contains("manifest.json"), names.contains("app.js") {
                result.append(folder)
                continue
            }
            for name in names where !ProjectLoader.skips(name, isDirectory: true) && !skippedTestFolderNames.contains(name) {
                var isFolder: ObjCBool = false
                let url = folder.appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue { stack.append(url) }
            }
        }
        return result.sorted { $0.path < $1.path }
    }
}
