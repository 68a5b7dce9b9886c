/// The files that go with a signing key, named after it: `mactl keygen key.pem` writes
/// `key.cert.pem`, and `mactl pack --sign key.pem` looks for it there.
enum KeyFileNames {
    static func certificate(forKey path: String) -> String { stem(of: path) + ".cert.pem" }

    /// Where the hint to export the public half suggests writing it.
    static func publicKey(forKey path: String) -> String { stem(of: path) + ".pub.pem" }

    /// The path without the last component's extension: "keys/key.pem" is "keys/key"; a
    /// name with no dot, or only a leading one (".key"), is kept whole.
    static func stem(of path: String) -> String {
        let nameStart = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        guard let dot = path[nameStart...].lastIndex(of: "."), dot > nameStart else { return path }
        return String(path[..<dot])
    }
}
