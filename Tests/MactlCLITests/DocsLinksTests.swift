import Foundation
import Testing

/// Every relative link of the README and `docs/` leads somewhere in the repository: to a file
/// that exists and, for `file.md#anchor`, to a heading or an `<a id>` of that file. A link that
/// only resolves beside this checkout (`../../shared/...`) is broken on every other machine,
/// so a link that leaves the repository fails too.
struct DocsLinksTests {
    static let root = CLIRunner.packageRoot.standardizedFileURL

    /// README.md and every Markdown file under docs/, as paths relative to the root.
    static func documents() throws -> [String] {
        let docs = root.appendingPathComponent("docs")
        let found = FileManager.default.enumerator(atPath: docs.path)?.compactMap { $0 as? String } ?? []
        return ["README.md"] + found.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// The lines of a Markdown text as links are read from them: a fenced block's lines and
    /// code spans are blanked, since `[a](b)` in code is an example, not a link.
    static func prose(_ markdown: String) -> [String] {
        var inFence = false
        return markdown.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inFence.toggle()
                return ""
            }
            return inFence ? "" : String(line).replacing(/`[^`]*`/, with: "")
        }
    }

    /// The targets of the inline links (`[text](target "title")`) of `markdown`.
    static func links(in markdown: String) -> [String] {
        prose(markdown).flatMap { line in
            line.matches(of: /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/).map { String($0.output.1) }
        }
    }

    /// The anchors GitHub gives a Markdown file: each heading lowercased, without punctuation
    /// but `-` and `_`, spaces made `-`, a repeated one numbered (`-1`); and every `<a id>`.
    static func anchors(in markdown: String) -> Set<String> {
        var anchors = Set(markdown.matches(of: /<a (?:id|name)="([^"]+)"/).map { String($0.output.1) })
        var seen: [String: Int] = [:]
        var inFence = false
        for line in markdown.split(separator: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle() }
            guard !inFence, let heading = line.wholeMatch(of: /#{1,6}\s+(.*?)[\s#]*/) else { continue }
            let slug = String(heading.output.1.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == " " })
                .replacingOccurrences(of: " ", with: "-")
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    /// Why `link` in the document at `path` leads nowhere, or nil when it leads somewhere.
    static func problem(of link: String, in path: String) throws -> String? {
        // A URL (https:, mailto:) is not the repository's to check.
        if link.firstMatch(of: /^[A-Za-z][A-Za-z0-9+.\-]*:/) != nil { return nil }
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let document = root.appendingPathComponent(path)
        let target =
            parts[0].isEmpty
            ? document
            : URL(fileURLWithPath: parts[0].removingPercentEncoding ?? parts[0], relativeTo: document.deletingLastPathComponent())
                .standardizedFileURL
        guard target.path.hasPrefix(root.path + "/") else { return "leaves the repository" }
        guard FileManager.default.fileExists(atPath: target.path) else { return "no such file" }
        if parts.count == 2, target.pathExtension == "md" {
            let anchors = anchors(in: try String(contentsOf: target, encoding: .utf8))
            if !anchors.contains(parts[1]) { return "no heading or <a id> '\(parts[1])' in it" }
        }
        return nil
    }

    @Test func everyRelativeLinkLeadsToAFileOfTheRepository() throws {
        var checked = 0
        var broken: [String] = []
        for path in try Self.documents() {
            for link in Self.links(in: try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)) {
                checked += 1
                if let problem = try Self.problem(of: link, in: path) { broken.append("\(path): '\(link)' \(problem)") }
            }
        }
        #expect(broken == [])
        // The documents' links were found at all: a change to the reading cannot make this pass empty.
        #expect(checked > 300)
    }

    /// The reading itself: what a link is, and what counts as leading nowhere.
    @Test func theCheckFindsEachKindOfBrokenLink() throws {
        #expect(
            Self.links(in: "see [a](docs/x.md) and [`b`](y.md#z \"title\"), not `[c](code.md)`\n```\n[d](fenced.md)\n```\n") == [
                "docs/x.md", "y.md#z",
            ])
        #expect(
            Self.anchors(in: "# Commands\n## mactl lint --fix\n## Output\n## Output\n<a id=\"fact\"></a>\n```\n# not-a-heading\n```\n")
                == ["commands", "mactl-lint---fix", "output", "output-1", "fact"])
        #expect(try Self.problem(of: "../../shared/notes/runtime.md", in: "docs/testing.md") == "leaves the repository")
        #expect(try Self.problem(of: "missing.md", in: "docs/testing.md") == "no such file")
        #expect(
            try Self.problem(of: "commands.md#no-such-heading", in: "docs/testing.md") == "no heading or <a id> 'no-such-heading' in it")
        #expect(try Self.problem(of: "commands.md#mactl-test-path", in: "docs/testing.md") == nil)
        #expect(try Self.problem(of: "https://www.w3.org/TR/miniapp-packaging/", in: "README.md") == nil)
    }
}
