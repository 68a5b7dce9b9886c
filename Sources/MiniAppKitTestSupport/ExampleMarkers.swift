import MiniAppKit

/// Strips example markers from text and records where they were (byte offsets).
public enum ExampleMarkers {
    public static let all = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    public static func strip(_ text: String) -> (text: String, offsets: [String: Int]) {
        var result = ""
        var offsets: [String: Int] = [:]
        var remaining = Substring(text)
        outer: while !remaining.isEmpty {
            for marker in all where remaining.hasPrefix(marker) {
                offsets[marker] = result.utf8.count
                remaining = remaining.dropFirst(marker.count)
                continue outer
            }
            result.append(remaining.removeFirst())
        }
        return (result, offsets)
    }

    /// The example as a project (markers removed) and each marker's position.
    public static func project(
        for example: RuleExample
    ) -> (
        project: Project, markers: [String: (path: String, position: SourcePosition)],
        configuration: (text: String, markers: [String: Int])?
    ) {
        var contents = example.base
        for path in example.removedFiles { contents[path] = nil }
        for (path, text) in example.supportFiles { contents[path] = text }
        var markerOffsets: [(path: String, marker: String, offset: Int)] = []
        for (path, text) in example.files {
            let stripped = strip(text)
            contents[path] = stripped.text
            for (marker, offset) in stripped.offsets { markerOffsets.append((path, marker, offset)) }
        }
        var sourceFiles = contents.map { SourceFile(path: $0.key, text: $0.value) }
        sourceFiles += example.binaryFiles.map { SourceFile(path: $0.key, bytes: $0.value) }
        let project = Project(files: sourceFiles)
        var positions: [String: (path: String, position: SourcePosition)] = [:]
        for entry in markerOffsets {
            if let file = project.file(entry.path) { positions[entry.marker] = (entry.path, file.position(at: entry.offset)) }
        }
        let configuration = example.configuration.map { strip($0) }
        return (project, positions, configuration.map { ($0.text, $0.offsets) })
    }
}
