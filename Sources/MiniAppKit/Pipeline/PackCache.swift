import Crypto
import Foundation

/// What the last pack of a project shipped for each file, kept between runs: the transform
/// applied and the entry as compressed. A file whose bytes, path and `--no-minify` are the
/// same is neither transformed nor compressed again; the package is the same bytes, since
/// both steps are pure functions of those inputs and of the mactl build, which the file names.
///
/// One binary file per project, written whole (a temporary file, then a rename), ending in a
/// SHA-256 of everything before it: a file that is cut short or damaged is not used, and a
/// note says so; a file another mactl build wrote is not used either.
public struct PackCache: Sendable {
    /// One shipped file.
    public struct Entry: Sendable, Hashable {
        /// SHA-256 of the file in the project, lowercase hex.
        public var sourceSHA256: String
        public var minify: Bool
        /// The transform's name for the report; nil when the file shipped as written.
        public var transform: String?
        public var compressed: CompressedEntry

        public var path: String { compressed.path }

        /// Whether this is the entry of a file with these bytes (`digest`) packed with this
        /// `minify`: then the file need be neither transformed nor compressed again.
        public func matches(digest: String, minify: Bool) -> Bool {
            sourceSHA256 == digest && self.minify == minify
        }

        /// The bytes the package holds for the file once unpacked.
        func shippedBytes() -> [UInt8]? {
            guard compressed.method == .deflate else { return compressed.data }
            return try? ExactInflate.inflate(compressed.data[...], declaredSize: compressed.size, name: path, offset: 0)
        }
    }

    public enum Lookup: Sendable {
        case entries([String: Entry])
        case miss
        /// A file that cannot be used: the reason, for a note; the pack runs without it.
        case unreadable(String)

        public var entries: [String: Entry] {
            if case .entries(let entries) = self { return entries }
            return [:]
        }

        public var note: String? {
            if case .unreadable(let reason) = self { return reason }
            return nil
        }
    }

    public let folder: URL
    /// The mactl build (`MactlBuild.identity`): another build's entries are not used.
    public let tool: String

    public init(folder: URL, tool: String) {
        self.folder = folder
        self.tool = tool
    }

    static let magic = Array("mactl pack cache 1\n".utf8)

    /// The cache file of the project at `root`, beside its lint cache.
    public func file(forProjectAt root: URL) -> URL {
        let real = root.resolvingSymlinksInPath().standardizedFileURL.path
        return folder.appendingPathComponent("pack-\(Hex.string(SHA256.hash(data: Array(real.utf8))).prefix(32)).bin")
    }

    public func load(projectAt root: URL) -> Lookup {
        let url = file(forProjectAt: root)
        // Read once into one buffer: the cache is about the package's size.
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .miss }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            let bytes = DescriptorReading.readAll(descriptor, size: Int(status.st_size))
        else { return .miss }
        guard let (writer, entries) = Self.decode(bytes) else {
            return .unreadable("the pack cache '\(url.path)' is not a cache mactl wrote; it is replaced")
        }
        // Another build's transforms may differ: its entries are a plain miss, as the lint
        // cache's are.
        return writer == tool ? .entries(entries) : .miss
    }

    /// Keeps the entries of this pack (and only those); a cache that cannot be written is
    /// skipped without a word, as the lint cache's is.
    public func store(_ entries: [Entry], projectAt root: URL) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? DurableFile.replace(file(forProjectAt: root), with: Self.encode(entries, tool: tool), flushed: false)
    }

    // MARK: The file: magic, the tool, the entry count, the entries, then SHA-256 of all that.

    public static func encode(_ entries: [Entry], tool: String) -> [UInt8] {
        var writer = Writer()
        writer.bytes += magic
        writer.string(tool)
        writer.integer(entries.count)
        for entry in entries {
            writer.string(entry.path)
            writer.string(entry.sourceSHA256)
            writer.integer(entry.minify ? 1 : 0)
            writer.string(entry.transform ?? "")
            writer.integer(entry.compressed.method == .deflate ? 1 : 0)
            writer.integer(entry.compressed.size)
            writer.integer(Int(entry.compressed.crc32))
            writer.string(entry.compressed.sha256)
            writer.integer(entry.compressed.data.count)
            writer.bytes += entry.compressed.data
        }
        writer.bytes += SHA256.hash(data: writer.bytes)
        return writer.bytes
    }

    /// The build that wrote the file and its entries, or nil when the file is not a whole one.
    public static func decode(_ bytes: [UInt8]) -> (tool: String, entries: [String: Entry])? {
        let digestSize = SHA256.byteCount
        guard bytes.count >= magic.count + digestSize, bytes.starts(with: magic) else { return nil }
        let body = bytes[..<(bytes.count - digestSize)]
        guard Array(SHA256.hash(data: body)) == Array(bytes[(bytes.count - digestSize)...]) else { return nil }
        var reader = Reader(bytes: body, offset: magic.count)
        guard let tool = reader.string(), let count = reader.integer() else { return nil }
        var entries: [String: Entry] = [:]
        for _ in 0..<count {
            guard let path = reader.string(), let source = reader.string(), let minify = reader.integer(), let transform = reader.string(),
                let method = reader.integer(), let size = reader.integer(), let crc = reader.integer(), let sha256 = reader.string(),
                let data = reader.data(), let crc32 = UInt32(exactly: crc)
            else { return nil }
            let compressed = CompressedEntry(
                path: path, method: method == 1 ? .deflate : .store, data: data, size: size, crc32: crc32, sha256: sha256)
            entries[path] = Entry(
                sourceSHA256: source, minify: minify == 1, transform: transform.isEmpty ? nil : transform, compressed: compressed)
        }
        return reader.offset == body.endIndex ? (tool, entries) : nil
    }

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func integer(_ value: Int) {
            bytes += LittleEndian.bytes(UInt64(value))
        }

        mutating func string(_ value: String) {
            integer(value.utf8.count)
            bytes += value.utf8
        }
    }

    private struct Reader {
        let bytes: ArraySlice<UInt8>
        var offset: Int

        mutating func integer() -> Int? {
            guard bytes.endIndex - offset >= 8 else { return nil }
            let value = LittleEndian.uint64(bytes, offset)
            offset += 8
            // Every number stored is a count, a size or a CRC-32: none needs more than 32 bits.
            return value <= UInt64(UInt32.max) ? Int(value) : nil
        }

        mutating func data() -> [UInt8]? {
            guard let count = integer(), bytes.endIndex - offset >= count else { return nil }
            defer { offset += count }
            return Array(bytes[offset..<(offset + count)])
        }

        mutating func string() -> String? {
            data().map { String(decoding: $0, as: UTF8.self) }
        }
    }
}

extension PackCache {
    /// The cache as one lint and pack of a project read it: on first use, and once. Lint's
    /// budget rule (`PackageOverBudget`) needs it only when the project's files could add up to
    /// more than its budget, and the file is about the package's size; pack then uses the same
    /// reading.
    public final class Lending: @unchecked Sendable {
        // @unchecked: `read` is only touched while `lock` is held.
        private let cache: PackCache
        private let root: URL
        private var read: Lookup?
        private let lock = NSLock()

        public init(_ cache: PackCache, projectAt root: URL) {
            self.cache = cache
            self.root = root
        }

        public var lookup: Lookup {
            lock.lock()
            defer { lock.unlock() }
            if let read { return read }
            let lookup = cache.load(projectAt: root)
            read = lookup
            return lookup
        }

        /// The entries of the project's last pack; none when there is no cache file, or it
        /// cannot be used (pack says why; lint's figure is the same either way).
        public var entries: [String: Entry] { lookup.entries }
    }
}
