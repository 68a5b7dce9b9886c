import Foundation
import Testing

/// A comment that cites a source must cite one a reader of the repository can open: a doc under
/// `docs/`, never the notes kept outside it (issues 41 and 42). And a runtime fact cited as
/// `docs/runtimes.md` followed by `skip.some-fact` must be a fact that page lists.
struct CitationTests {
    static let root = GeneratedFilesTests.packageRoot
    static let scannedFolders = [
        "Sources", "Tests", "JavaScript", "scripts", "docs", "Templates", "Benchmarks", "Plugins", "Fuzz", "Examples",
    ]
    static let skippedFolders: Set<String> = ["Fixtures", ".build", ".build-fuzz"]

    /// Names of files outside the repository. Written in two parts, so this file does not cite them.
    static let outsideNames = [
        "skip-runtime" + ".md", "reference" + "/", "dependency-notes" + ".md", "runtime-zip-reader" + ".md",
        "miniapp-format" + ".md",
    ]

    /// Every scanned file, relative to the package root, with its text.
    static func scannedFiles() throws -> [(path: String, text: String)] {
        var files: [(String, String)] = []
        for folder in scannedFolders {
            let base = root.appendingPathComponent(folder)
            guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isDirectoryKey]) else { continue }
            for case let url as URL in enumerator {
                if skippedFolders.contains(url.lastPathComponent) {
                    enumerator.skipDescendants()
                    continue
                }
                // Every text file; images and other binary files are not UTF-8 and are skipped.
                guard (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == false,
                    let text = try? String(contentsOf: url, encoding: .utf8)
                else { continue }
                files.append((folder + "/" + url.path.dropFirst(base.path.count + 1), text))
            }
        }
        for name in ["README.md", "Makefile", "Package.swift"] {
            if let text = try? String(contentsOf: root.appendingPathComponent(name), encoding: .utf8) { files.append((name, text)) }
        }
        return files
    }

    @Test func noFileCitesNotesOutsideTheRepository() throws {
        let files = try Self.scannedFiles()
        #expect(files.count > 500)
        var citations: [String] = []
        for file in files {
            for (number, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where Self.outsideNames.contains(where: { line.contains($0) }) {
                citations.append("\(file.path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(citations == [], "cite the doc under docs/ that holds the fact instead")
    }

    /// The ids `docs/runtimes.md` lists: each row starts with `<a id="…"></a>` and the id in backticks.
    static func listedFactIDs() throws -> Set<String> {
        let document = try String(contentsOf: root.appendingPathComponent("docs/runtimes.md"), encoding: .utf8)
        let row = try Regex(#"<a id="[^"]+"></a>`([a-z0-9]+\.[a-z0-9-]+)`"#)
        return Set(document.matches(of: row).compactMap { $0.output[1].substring.map(String.init) })
    }

    /// The fact ids cited after `docs/runtimes.md`, up to the end of the citation (`:`, `)`, `;`
    /// or the line's end), with where they are.
    static func citedFactIDs(in text: String) throws -> [String] {
        let citation = try Regex(#"docs/runtimes\.md`?,([^:);\n]*)"#)
        let id = try Regex(#"\b(?:skip|w3c)\.[a-z](?:[a-z0-9-]*[a-z0-9])?"#)
        return text.matches(of: citation).flatMap { match in
            String(text[match.range]).matches(of: id).map { String($0.output[0].substring ?? "") }
        }
    }

    @Test func everyCitedRuntimeFactIsListed() throws {
        let listed = try Self.listedFactIDs()
        #expect(listed.count > 60)
        var cited = 0
        for file in try Self.scannedFiles() {
            let ids = try Self.citedFactIDs(in: file.text)
            cited += ids.count
            #expect(Set(ids).subtracting(listed).sorted() == [], "\(file.path) cites facts docs/runtimes.md does not list")
        }
        #expect(cited > 50)
    }

    @Test func citationsAreReadUpToTheirEnd() throws {
        let page = "docs/runtimes" + ".md"
        let text = "// \(page), skip.a-b, skip.c: skip.log writes\n(`\(page)`, w3c.root-files) skip.d"
        #expect(try Self.citedFactIDs(in: text) == ["skip.a-b", "skip.c", "w3c.root-files"])
    }
}
