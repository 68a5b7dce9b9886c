import Crypto

/// The key a cache files its work under: the SHA-256, in hex, of strings each followed by a
/// NUL byte, so no two lists of parts give one key. The lint cache's entries, the kept script
/// runs and the kept page findings all name what their work depends on this way.
struct ContentKey {
    private var hasher = SHA256()

    mutating func add(_ part: String) {
        hasher.update(data: Array(part.utf8))
        hasher.update(data: [0])
    }

    var hex: String { Hex.string(hasher.finalize()) }

    static func of(_ parts: [String]) -> String {
        var key = ContentKey()
        for part in parts { key.add(part) }
        return key.hex
    }
}
