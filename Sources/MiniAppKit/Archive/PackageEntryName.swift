import Foundation

/// What a package entry's name may be, checked on the raw bytes both headers store. Each rule
/// closes a place where two readers, or a reader and an extractor, would see two files:
/// minizip-ng cuts a name at NUL and libzip reads a space; Python's zipfile and `unzip` decode
/// a name without the UTF-8 flag as CP437; `./app.js` and `pages//x.js` land on `app.js` and
/// `pages/x.js` when the runtime extracts; `..` leaves the folder (`reference/runtime-zip-reader.md`).
public enum PackageEntryName {
    /// The general-purpose flag that says the name is UTF-8.
    static let utf8Flag: UInt16 = 0x0800

    /// Why `rawName` cannot be a package entry's name, or nil when it can.
    public static func problem(rawName: [UInt8], flags: UInt16) -> String? {
        if rawName.isEmpty { return "has an empty name, which the runtime's reader skips" }
        if let index = rawName.firstIndex(of: 0) {
            return "contains a NUL byte at byte \(index) of its name; the runtime's reader cuts the name there and libzip reads a space"
        }
        if let control = rawName.first(where: { $0 < 0x20 || $0 == 0x7F }) {
            return "contains the control character 0x\(String(control, radix: 16, uppercase: true).leftPadded(to: 2))"
        }
        guard UTF8Scalar.isWellFormed(rawName) else { return "is not valid UTF-8" }
        if rawName.contains(where: { $0 >= 0x80 }) && flags & utf8Flag == 0 {
            return "is not ASCII and is not flagged as UTF-8 (general-purpose bit 11), so Python's zipfile and unzip decode it as CP437 and read another name"
        }
        return pathProblem(String(decoding: rawName, as: UTF8.self))
    }

    /// The path rules, shared with `pack`, which refuses to write a name `verify` refuses.
    public static func pathProblem(_ name: String) -> String? {
        if name.isEmpty { return "has an empty name, which the runtime's reader skips" }
        if name.hasPrefix("/") || name.hasPrefix("\\") { return "is an absolute path" }
        if name.contains("\\") { return "contains a backslash" }
        if name.count >= 2, name.dropFirst().first == ":", name.first!.isLetter { return "starts with a drive letter" }
        // A trailing '/' marks a directory entry, as `zip -r` writes them: harmless, since the
        // runtime's reader reads its zero bytes as no data and writes nothing for it.
        var segments = name.split(separator: "/", omittingEmptySubsequences: false)
        if isDirectory(name) { segments.removeLast() }
        if segments.contains("..") { return "contains '..' and would leave the extraction folder" }
        if segments.contains(".") { return "contains a '.' segment; extracted, it lands on the same file as the name without it" }
        if segments.contains("") { return "contains an empty segment ('//'); extracted, it lands on the same file as the name with one '/'" }
        return nil
    }

    public static func isDirectory(_ name: String) -> Bool { name.hasSuffix("/") }

    /// Names that are equal after Unicode normalization (the runtime finds entries with Swift's
    /// `==`, which treats canonically equivalent strings as equal) or after case folding (they
    /// land on one file on macOS and Windows volumes) share this key.
    public static func collisionKey(_ name: String) -> String {
        name.precomposedStringWithCanonicalMapping.folding(options: [.caseInsensitive], locale: nil)
            .precomposedStringWithCanonicalMapping
    }
}
