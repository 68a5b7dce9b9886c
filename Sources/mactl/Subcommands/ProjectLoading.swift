import Foundation
import MiniAppKit

/// Where the project a command runs on is, and how its paths are shown. Reading and linting
/// it is the library's (`ProjectSource`, `LintSession`, `PackSession`).
enum ProjectLoading {
    /// The project a command runs on: `path` when given; without one, the nearest folder from
    /// the current one upward that has a `manifest.json` (as git and cargo find their root),
    /// written relative to the current folder (`..`), or `.` when there is none.
    static func projectPath(_ path: String?, from current: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) -> String {
        if let path { return path }
        guard let project = ProjectSource.enclosingProject(of: current) else { return "." }
        let ups = current.standardizedFileURL.pathComponents.count - project.pathComponents.count
        return ups == 0 ? "." : Array(repeating: "..", count: ups).joined(separator: "/")
    }

    /// The project folder as text, JSON, SARIF and GitHub output print it before each path, so
    /// a terminal or an editor opens the file from the current folder: `demo/` for `demo`,
    /// `./demo` or `/home/me/work/demo` run from /home/me/work; nothing for the current folder;
    /// `../` for the one above. A folder outside the current one given as an absolute path
    /// stays absolute, as the user wrote it.
    static func displayPrefix(
        for path: String, from current: String = FileManager.default.currentDirectoryPath
    ) -> String {
        let currentComponents = URL(fileURLWithPath: current).standardizedFileURL.pathComponents
        let target = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: current, isDirectory: true)).standardizedFileURL
        let targetComponents = target.pathComponents
        var shared = 0
        while shared < min(currentComponents.count, targetComponents.count), currentComponents[shared] == targetComponents[shared] {
            shared += 1
        }
        let inside = shared == currentComponents.count
        if path.hasPrefix("/") && !inside { return target.path + "/" }
        let relative = Array(repeating: "..", count: currentComponents.count - shared) + targetComponents[shared...]
        return relative.isEmpty ? "" : relative.joined(separator: "/") + "/"
    }
}

/// This build of mactl, for the lint cache's key: its version, and the size and modification
/// time of its executable, so a rebuilt mactl (same version, other rules) misses the cache.
enum MactlBuild {
    static let identity: String = {
        var status = stat()
        let executable = FileManager.default.fileExists(atPath: "/proc/self/exe") ? "/proc/self/exe" : CommandLine.arguments[0]
        guard stat(executable, &status) == 0 else { return MactlVersion.current + " " + UUID().uuidString }
        #if os(Linux)
        let modified = status.st_mtim
        #else
        let modified = status.st_mtimespec
        #endif
        return "\(MactlVersion.current) \(status.st_size) \(modified.tv_sec).\(modified.tv_nsec) \(status.st_ino)"
    }()
}
