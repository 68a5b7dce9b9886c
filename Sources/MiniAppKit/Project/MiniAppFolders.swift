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

    /// The MiniApp folders under `root` (`root` itself included), sorted by path. The search
    /// walks as the loader does (`FolderWalk`: no link out of `root` is followed).
    public static func find(under root: URL) -> [URL] {
        var result: [URL] = []
        _ = FolderWalk.entries(under: root) { relative, names in
            let folderName = relative.split(separator: "/").last.map(String.init) ?? ""
            guard relative.isEmpty || !skippedTestFolderNames.contains(folderName) else { return false }
            guard names.contains("manifest.json"), names.contains("app.js") else { return true }
            result.append(relative.isEmpty ? root : root.appendingPathComponent(relative))
            return false
        }
        return result.sorted { $0.path < $1.path }
    }
}
