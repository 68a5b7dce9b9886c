import Foundation
import MiniAppKitTestProcess
import MiniAppKitTestSupport
import Testing
@testable import MiniAppKit

/// pack's deflate (libdeflate, `Deflater`) and lint's package size (`PackageSizing`): the
/// streams inflate to the file, the same files give the same package, the package is no
/// larger than `zip -9`'s archive of the same files, and lint's figure is the package's size.
struct DeflateTests {
    private let text = Array(String(repeating: "compressible text, a line of a template\n", count: 400).utf8)

    @Test func aReusedDeflaterGivesTheStreamAFreshOneGives() throws {
        let reused = Deflater()
        var random = SystemRandomNumberGenerator()
        let noise = (0..<5000).map { _ in UInt8.random(in: 0...255, using: &random) }
        let inputs: [[UInt8]] = [text, noise, Array(text.prefix(100)), [], text + noise, text]
        for input in inputs {
            let stream = reused.deflate(input)
            #expect(stream == Deflater().deflate(input))
            #expect(reused.deflatedSize(input) == stream?.count)
            if let stream {
                #expect(stream.count < input.count)
                #expect(try ExactInflate.inflate(stream[...], declaredSize: input.count, name: "a", offset: 0) == input)
            }
        }
        // What deflate cannot shrink gives no stream: the writer stores it.
        #expect(reused.deflate(noise) == nil)
        #expect(reused.deflate([]) == nil)
    }

    /// The arithmetic `PackageSizing` relies on: the archive's size from its entries' sizes
    /// alone, for stored, deflated and empty entries and names beyond ASCII.
    @Test func theArchiveSizeFollowsFromTheEntriesSizes() throws {
        var random = SystemRandomNumberGenerator()
        let noise = (0..<3000).map { _ in UInt8.random(in: 0...255, using: &random) }
        let entries = [
            ArchiveEntry(path: "manifest.json", bytes: Array("{\"name\":\"x\"}".utf8), method: .deflate),
            ArchiveEntry(path: "pages/café/café.html", bytes: text, method: .deflate),
            ArchiveEntry(path: "pages/日本/a.png", bytes: noise, method: .store),
            ArchiveEntry(path: "empty.txt", bytes: [], method: .deflate),
            ArchiveEntry(path: "noise.bin", bytes: noise, method: .deflate),
        ]
        let (bytes, written) = try ArchiveWriter.archive(entries, timestamp: .fixed)
        #expect(written.map(\.method) == [.store, .store, .store, .deflate, .store])
        #expect(ArchiveWriter.archiveSize(written.map(EntrySize.init)) == bytes.count)
    }

    /// An app the generator of the speed benchmark makes, small: text, SVG, PNGs of noise
    /// (stored) and of flat panels (deflated). The package pack writes is the same bytes
    /// twice, and no larger than `zip -r -X -9` of the files it holds, with the files as
    /// written (`--no-minify`: the same bytes zip deflates) and minified.
    @Test func thePackageIsDeterministicAndNoLargerThanZip9() async throws {
        try await Self.withGeneratedApp { folder, root in
            for minify in [false, true] {
                let first = try Self.pack(root, minify: minify, to: folder.appendingPathComponent("a.ma"))
                let second = try Self.pack(root, minify: minify, to: folder.appendingPathComponent("b.ma"))
                #expect(first.bytes == second.bytes)
                #expect(first.entries.contains { $0.method == .deflate && $0.path.hasSuffix(".png") })
                let zip = folder.appendingPathComponent("peer-\(minify).zip")
                let zipped = try await TestProcess.run(
                    tool: "zip", ["-q", "-r", "-X", "-9", zip.path] + first.entries.map(\.path), in: root)
                #expect(zipped.status == 0)
                let zipSize = try Data(contentsOf: zip).count
                #expect(first.bytes.count <= zipSize, "package \(first.bytes.count) bytes, zip -9 \(zipSize)")
            }
        }
    }

    /// Lint's budget figure is the size of the unsigned package pack writes, to the byte: with
    /// no pack cache, with the cache of the last pack, and with a cache that holds all but one
    /// changed file.
    @Test func lintsBudgetFigureIsThePackagesSize() async throws {
        try await Self.withGeneratedApp { folder, root in
            let configuration = root.appendingPathComponent(".mactl.yml")
            let lines = try String(contentsOf: configuration, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.contains { $0.hasPrefix("  package: ") })
            let budgeted = lines.map { $0.hasPrefix("  package: ") ? "  package: 64KB" : String($0) }
            try Data(budgeted.joined(separator: "\n").utf8).write(to: configuration)
            let caches = folder.appendingPathComponent("cache")
            let cache = PackCache(folder: caches, tool: PackSessionTests.tool)
            let output = folder.appendingPathComponent("app.ma")

            func lintFigure(packCache: PackCache?) throws -> Int? {
                let session = LintSession(
                    source: ProjectSource(path: root.path), cache: nil, tool: PackSessionTests.tool, packCache: packCache)
                let result = try session.lint()
                let finding = result.diagnostics.first { $0.id == PackageOverBudget.description.id }
                let measured = PackageSizing.measure(
                    result.model.bundle, of: PackInput(model: result.model), minify: true,
                    cached: session.packCache?.entries ?? [:])
                if let measured {
                    #expect(finding?.message.hasPrefix("the package would be \(ByteSize.format(measured.size)) ") == true)
                }
                return measured?.size
            }

            func pack() throws -> Int {
                let session = PackSession(
                    lint: LintSession(source: ProjectSource(path: root.path), cache: nil, tool: PackSessionTests.tool),
                    packCache: cache, minify: true)
                var linted = try session.lintForPack()
                let outcome = try session.pack(&linted, options: Packer.Options(output: output, timestamp: .fixed), timings: [])
                let size = try Data(contentsOf: output).count
                #expect(outcome.packageSize == size)
                return size
            }

            let uncachedFigure = try lintFigure(packCache: nil)
            let packed = try pack()
            #expect(uncachedFigure == packed)
            #expect(packed > 64 * 1024)
            #expect(!cache.load(projectAt: root).entries.isEmpty)
            #expect(try lintFigure(packCache: cache) == packed)

            // One page changed: its entries are deflated, the others come from the cache.
            let page = try #require(
                try FileManager.default.subpathsOfDirectory(atPath: root.path).sorted().first {
                    $0.hasSuffix(".html") && $0.hasPrefix("pages/")
                })
            let pageURL = root.appendingPathComponent(page)
            let html = try String(contentsOf: pageURL, encoding: .utf8)
            try Data(html.replacingOccurrences(of: "</body>", with: "<p>changed, changed again</p></body>").utf8).write(to: pageURL)
            let changedFigure = try lintFigure(packCache: cache)
            let repacked = try pack()
            #expect(changedFigure == repacked)
            #expect(repacked != packed)
            #expect(try lintFigure(packCache: nil) == repacked)
        }
    }

    // MARK: Helpers

    /// 4 pages, 2 locales of 50 keys, 6 icons and 1 MiB of assets.
    static func withGeneratedApp(_ body: (URL, URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-deflate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = folder.appendingPathComponent("app")
        let generator = PackageRoot.url.appendingPathComponent("Benchmarks/make-speed-app.py")
        let made = try await TestProcess.run(tool: "python3", [generator.path, root.path, "4", "2", "50", "6", "1"])
        #expect(made.status == 0)
        try await body(folder, root)
    }

    static func pack(_ root: URL, minify: Bool, to output: URL) throws -> (bytes: [UInt8], entries: [WrittenEntry]) {
        let session = PackSession(
            lint: LintSession(source: ProjectSource(path: root.path), cache: nil, tool: PackSessionTests.tool), packCache: nil,
            minify: minify)
        var linted = try session.lintForPack()
        let outcome = try session.pack(
            &linted, options: Packer.Options(minify: minify, output: output, timestamp: .fixed), timings: [])
        #expect(!outcome.refused)
        return ([UInt8](try Data(contentsOf: output)), outcome.entries)
    }
}
