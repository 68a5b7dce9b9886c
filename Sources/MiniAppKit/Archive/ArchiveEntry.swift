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

    /// Already-compressed media are stored: deflating them costs time and saves nothing.
    public static let storedExtensions: Set<String> = [
        "png", "jpg", "jpeg", "webp", "gif", "avif", "mp3", "mp4", "m4a", "aac", "ogg", "webm", "woff", "woff2", "zip", "ma", "gz",
    ]

    public static func defaultMethod(forPath path: String) -> Method {
        let fileExtension = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return storedExtensions.contains(fileExtension) ? .store : .deflate
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

/// Why an archive could not be written or read. Messages are lowercase, with no trailing period.
public struct ArchiveError: Error, Sendable, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
