import Foundation

/// What a package entry's name may be, judged on the raw bytes both headers store. Each rule
/// closes a place where two readers, or a reader and an extractor, would see two files:
/// minizip-ng cuts a name at NUL and libzip reads a space; Python's zipfile and `unzip` decode
/// a name without the UTF-8 flag as CP437; `./app.js` and `pages//x.js` land on `app.js` and
/// `pages/x.js` when the runtime extracts; `..` leaves the folder (`docs/verify.md`,
/// `docs/package-readers.md`).
///
/// The path rules split the name on the byte `/` and judge each segment's bytes. Extractors
/// (the runtime joins folder + "/" + name, `docs/package-readers.md`) see bytes, not Swift
/// `Character`s: a grapheme cluster can swallow the `/` that starts or ends a segment
/// (`X` + U+0600 + `/../app.js`, `../` + U+0301 + `evil.js`), so a check on `Character`s
/// would not see the `..` an extractor follows.
public enum PackageEntryName {
    /// The general-purpose flag that says the name is UTF-8.
    static let utf8Flag: UInt16 = 0x0800

    static let slash = UInt8(ascii: "/")
    static let backslash = UInt8(ascii: "\\")
    static let dot = UInt8(ascii: ".")
    static let space = UInt8(ascii: " ")

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
            return
                "is not ASCII and is not flagged as UTF-8 (general-purpose bit 11), so Python's zipfile and unzip decode it as CP437 and read another name"
        }
        return pathProblem(bytes: rawName)
    }

    /// The path rules, shared with `pack`, which refuses to write a name `verify` refuses.
    public static func pathProblem(_ name: String) -> String? {
        pathProblem(bytes: Array(name.utf8))
    }

    /// The path rules on the name's bytes: every segment between two `/` bytes is judged as
    /// the bytes an extractor joins to its folder.
    static func pathProblem(bytes name: [UInt8]) -> String? {
        if name.isEmpty { return "has an empty name, which the runtime's reader skips" }
        if name[0] == slash || name[0] == backslash { return "is an absolute path" }
        if name.contains(backslash) { return "contains a backslash" }
        if name.count >= 2, name[1] == UInt8(ascii: ":"), isASCIILetter(name[0]) { return "starts with a drive letter" }
        // A trailing '/' marks a directory entry, as `zip -r` writes them: harmless, since the
        // runtime's reader reads its zero bytes as no data and writes nothing for it.
        var segments = name.split(separator: slash, omittingEmptySubsequences: false)
        if isDirectory(bytes: name) { segments.removeLast() }
        for segment in segments {
            if segment.elementsEqual([dot, dot]) { return "contains '..' and would leave the extraction folder" }
            if segment.elementsEqual([dot]) { return "contains a '.' segment; extracted, it lands on the same file as the name without it" }
            if segment.isEmpty { return "contains an empty segment ('//'); extracted, it lands on the same file as the name with one '/'" }
            // Windows drops a segment's trailing dots and spaces: '...' and '.. ' become '..'.
            if segment.allSatisfy({ $0 == dot || $0 == space }) {
                return "has a segment of dots and spaces only, which Windows extractors read as '.' or '..'"
            }
        }
        return nil
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// A directory entry's name ends with the byte `/` (judged as bytes: `"x/" + U+0301` is one
    /// `Character` that is not `/`, and names a file).
    public static func isDirectory(_ name: String) -> Bool { name.utf8.last == slash }

    static func isDirectory(bytes name: [UInt8]) -> Bool { name.last == slash }

    /// Names that an extractor or a volume takes for the same file share this key:
    /// - equal after canonical normalization: the runtime finds entries with Swift's `==`,
    ///   which treats canonically equivalent strings as equal, and macOS volumes ignore
    ///   normalization;
    /// - equal after Unicode's full case folding: one file on macOS and Windows volumes.
    ///   Lowercasing, uppercasing and lowercasing again, scalar by scalar with the full
    ///   mappings, reaches what full case folding reaches (U+1C80 and U+0432, 'ß', 'ẞ' and
    ///   "ss", U+212A and 'k'), and also joins the dotless and dotted i with 'i', as NTFS's
    ///   upper-case table does;
    /// - equal once default-ignorable code points (zero-width joiners, bidirectional marks)
    ///   are dropped: HFS+ ignores them, and a reader cannot see them;
    /// - equal once each segment's trailing dots and spaces are dropped, as Windows does.
    public static func collisionKey(_ name: String) -> String {
        asciiCollisionKey(name) ?? unicodeCollisionKey(name)
    }

    /// `collisionKey` for any name, through Foundation's normalization and case mappings.
    static func unicodeCollisionKey(_ name: String) -> String {
        var key = name.precomposedStringWithCanonicalMapping
        key = String(String.UnicodeScalarView(key.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }))
        for _ in 0..<3 {
            let folded = key.lowercased().uppercased().lowercased().decomposedStringWithCanonicalMapping
                .precomposedStringWithCanonicalMapping
            if folded == key { break }
            key = folded
        }
        let segments = key.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            var trimmed = Substring(segment)
            while let last = trimmed.unicodeScalars.last, last == "." || last == " ", trimmed.unicodeScalars.count > 1 {
                trimmed = Substring(trimmed.unicodeScalars.dropLast())
            }
            return String(trimmed)
        }
        return segments.joined(separator: "/")
    }

    /// `collisionKey` of an ASCII name, without Foundation: normalization leaves ASCII as it
    /// is, no ASCII character is default-ignorable, and case folding ASCII is lowercasing it,
    /// so what is left is lowercasing and each segment's trailing dots and spaces. The
    /// package rules and verify key every name of a package, nearly always ASCII. Nil for a
    /// name with any other byte: the full key then.
    static func asciiCollisionKey(_ name: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        var segmentStart = 0
        for byte in name.utf8 {
            guard byte < 0x80 else { return nil }
            if byte == slash {
                trimSegmentEnd(&bytes, segmentStart: segmentStart)
                bytes.append(byte)
                segmentStart = bytes.count
            } else {
                bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            }
        }
        trimSegmentEnd(&bytes, segmentStart: segmentStart)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Drops the trailing dots and spaces of the segment that starts at `segmentStart`, but
    /// never its first character.
    private static func trimSegmentEnd(_ bytes: inout [UInt8], segmentStart: Int) {
        while bytes.count - segmentStart > 1, let last = bytes.last, last == UInt8(ascii: ".") || last == UInt8(ascii: " ") {
            bytes.removeLast()
        }
    }
}
