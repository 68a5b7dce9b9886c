/// A file to put in a package.
public struct ArchiveEntry: Sendable {
    public enum Method: Sendable, Hashable {
        case store
        case deflate
    }

    public var path: String
    public var bytes: [UInt8]
    /// What the caller asks for; `deflate` falls back to `store` when it would not shrink the file.
    public var method: Method

    public init(path: String, bytes: [UInt8], method: Method) {
        self.path = path
        self.bytes = bytes
        self.method = method
    }

    /// Media formats that are compressed already, as a rule: deflating them costs time and
    /// saves nothing.
    public static let storedExtensions: Set<String> = [
        "png", "jpg", "jpeg", "webp", "gif", "avif", "mp3", "mp4", "m4a", "aac", "ogg", "webm", "woff", "woff2", "zip", "ma", "gz",
    ]

    /// Deflate, but for a file of a compressed media format that a sample shows is compressed
    /// indeed (`CompressionProbe`): a PNG written with stored deflate blocks, as some exporters
    /// and tools write them, shrinks a lot, and `zip -9` would shrink it too. `deflater`: the
    /// worker's own, for the probe.
    public static func defaultMethod(forPath path: String, bytes: [UInt8]) -> Method {
        defaultMethod(forPath: path, bytes: bytes, deflater: Deflater())
    }

    static func defaultMethod(forPath path: String, bytes: [UInt8], deflater: Deflater) -> Method {
        guard isCompressedMedia(path) else { return .deflate }
        return CompressionProbe.looksCompressible(bytes, deflater: deflater) ? .deflate : .store
    }

    /// Whether the path names a media format that is compressed as a rule (`storedExtensions`).
    public static func isCompressedMedia(_ path: String) -> Bool {
        storedExtensions.contains(path.split(separator: ".").last.map { $0.lowercased() } ?? "")
    }
}

/// What was written for one entry.
public struct WrittenEntry: Sendable, Hashable {
    public var path: String
    public var size: Int
    public var compressedSize: Int
    public var method: ArchiveEntry.Method
    public var crc32: UInt32
    /// SHA-256 of the uncompressed bytes, lowercase hex.
    public var sha256: String
}

/// How much room one entry takes in a package, and how: what the budget check needs of an
/// entry, without its bytes.
public struct EntrySize: Sendable, Hashable {
    public var path: String
    public var size: Int
    public var compressedSize: Int
    public var method: ArchiveEntry.Method

    public init(path: String, size: Int, compressedSize: Int, method: ArchiveEntry.Method) {
        self.path = path
        self.size = size
        self.compressedSize = compressedSize
        self.method = method
    }

    public init(_ entry: WrittenEntry) {
        self.init(path: entry.path, size: entry.size, compressedSize: entry.compressedSize, method: entry.method)
    }

    public init(_ entry: CompressedEntry) {
        self.init(path: entry.path, size: entry.size, compressedSize: entry.compressedSize, method: entry.method)
    }
}

/// Why an archive could not be written or read. Messages are lowercase, with no trailing period.
public struct ArchiveError: Error, Sendable, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
