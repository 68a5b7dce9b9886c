/// The names of one package, added one by one, and the first conflict each new name makes:
/// a name that lands on the same file as an earlier one (`PackageEntryName.collisionKey`), or
/// a name that is a file in one entry and a folder in another (`app.js/` and `app.js`, or
/// `app.js` and `app.js/x`). Extractors lose one of such a pair: `unzip` and Python's zipfile
/// make the folder and cannot write the file, or the other way round, depending on the order.
/// `verify`, the writer and the lint rule judge a package's names through this one type.
public struct PackageNameSet: Sendable {
    public enum Conflict: Sendable, Equatable {
        /// The same bytes again.
        case duplicate
        /// Another name that is the same file after normalization or case folding.
        case sameFile(earlier: String)
        /// A name that is a file here and a folder in the other entry, or the other way round.
        case fileAndFolder(file: String, folder: String)
    }

    /// The collision key of every file name, with the name that claimed it.
    private var files: [String: String] = [:]
    /// The collision key of every folder a name declares (`x/`) or implies (`x/y`), with the
    /// name that made it a folder.
    private var folders: [String: String] = [:]
    /// Directory entries themselves, to tell a repeated one.
    private var directoryEntries: [String: String] = [:]

    public init() {}

    /// Adds `name` (which passed `PackageEntryName.problem`) and returns the conflict it makes
    /// with an earlier name, or nil. A conflicting name is not added.
    public mutating func insert(_ name: String) -> Conflict? {
        let isDirectory = PackageEntryName.isDirectory(name)
        let path = isDirectory ? String(decoding: name.utf8.dropLast(), as: UTF8.self) : name
        let key = PackageEntryName.collisionKey(path)
        let parents = Self.parentKeys(of: path)
        if isDirectory {
            if let earlier = directoryEntries[key] {
                return Array(earlier.utf8) == Array(name.utf8) ? .duplicate : .sameFile(earlier: earlier)
            }
            if let file = files[key] { return .fileAndFolder(file: file, folder: name) }
        } else {
            if let earlier = files[key] { return Array(earlier.utf8) == Array(name.utf8) ? .duplicate : .sameFile(earlier: earlier) }
            if let folder = folders[key] { return .fileAndFolder(file: name, folder: folder) }
        }
        for parent in parents {
            if let file = files[parent] { return .fileAndFolder(file: file, folder: name) }
        }
        if isDirectory {
            directoryEntries[key] = name
            folders[key] = folders[key] ?? name
        } else {
            files[key] = name
        }
        for parent in parents where folders[parent] == nil { folders[parent] = name }
        return nil
    }

    /// Whether a file (not a folder) with this exact name was added.
    public func containsFile(_ name: String) -> Bool {
        files[PackageEntryName.collisionKey(name)].map { Array($0.utf8) == Array(name.utf8) } ?? false
    }

    /// The keys of every folder on the way to `path`: `a`, `a/b` for `a/b/c`. Split on the
    /// byte `/`, as the path rules are.
    private static func parentKeys(of path: String) -> [String] {
        let bytes = Array(path.utf8)
        return bytes.indices.filter { bytes[$0] == PackageEntryName.slash }.map {
            PackageEntryName.collisionKey(String(decoding: bytes[..<$0], as: UTF8.self))
        }
    }
}

extension PackageNameSet.Conflict {
    /// What the conflict means, after "entry 'X' at offset N" or "'X'".
    public var explanation: String {
        switch self {
        case .duplicate: "is in the archive twice"
        case .sameFile(let earlier): "and entry '\(earlier)' are the same file after Unicode normalization or case folding"
        case .fileAndFolder(let file, let folder):
            "conflicts with another entry: '\(file)' is a file and '\(folder)' makes it a folder; extractors keep one of the two"
        }
    }
}
