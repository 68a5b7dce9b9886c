import Foundation
import MactlGenerators

// Rewrites every generated file from its source. Run from the package root:
//     swift run mactl-generate
// The rule registry is written from the rule files as they are, the docs from the rules as
// built: after adding a rule, the second run (which builds the new registry) updates the docs.
let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
do {
    for file in try GeneratedFiles.expected(packageRoot: root) {
        let url = root.appendingPathComponent(file.path)
        let current = try? String(contentsOf: url, encoding: .utf8)
        guard current != file.contents else { continue }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(file.contents.utf8).write(to: url, options: .atomic)
        print("wrote \(file.path)")
    }
} catch {
    FileHandle.standardError.write(Data("mactl-generate: \(error)\n".utf8))
    exit(1)
}
