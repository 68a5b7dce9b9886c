import Foundation
import MiniAppKitTestSupport
import Testing

/// Compares `actual` with the golden file `name` in the calling test target's `Golden/` folder
/// (`Tests/<module>/Golden/`).
public func assertMatchesGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let url = PackageRoot.url.appendingPathComponent("Tests/\(sourceLocation.moduleName)/Golden/\(name)")
    assertMatchesGoldenFile(actual, at: url, sourceLocation: sourceLocation)
}

/// Compares `actual` with the file at `url`, the one way tests pin output in a file. With
/// `MACTL_RECORD_SNAPSHOTS=1` the file is rewritten and the test fails, so a recording is never
/// mistaken for a pass.
public func assertMatchesGoldenFile(_ actual: String, at url: URL, sourceLocation: SourceLocation = #_sourceLocation) {
    let root = PackageRoot.url.path + "/"
    let name = url.path.hasPrefix(root) ? String(url.path.dropFirst(root.count)) : url.path
    if ProcessInfo.processInfo.environment["MACTL_RECORD_SNAPSHOTS"] != nil {
        try? Data(actual.utf8).write(to: url)
        Issue.record("recorded the golden file '\(name)'; unset MACTL_RECORD_SNAPSHOTS and run again", sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("missing golden file '\(name)'; run with MACTL_RECORD_SNAPSHOTS=1 to record it", sourceLocation: sourceLocation)
        return
    }
    #expect(actual == expected, "output differs from '\(name)'", sourceLocation: sourceLocation)
}
