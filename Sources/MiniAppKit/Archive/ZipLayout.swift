import Foundation

/// A package's ZIP structure, read strictly from its bytes, with one reading only.
///
/// ZIP readers disagree wherever the format leaves room: which end record they take, whether
/// they follow a ZIP64 locator, whether they trust the entry count, whether a deflate stream
/// may run past its compressed size, which name field they read
/// (`docs/package-readers.md`). A verifier that reads one archive while a phone reads
/// another proves nothing (Android's "Master Key" and Janus bugs). So this reader accepts only
/// the layout in which every reader must agree, and refuses everything else:
///
/// - exactly one end record, the file's last 22 bytes, with no comment, no ZIP64 values and
///   no other end-record or ZIP64 signature anywhere after the central directory's start;
/// - a central directory that starts where the end record says, holds exactly the entries it
///   counts and ends exactly at the end record;
/// - entries that tile the file from offset 0 with no gap and no overlap, each local header
///   agreeing with its central one (name, flags, method, CRC, sizes), no data descriptors;
/// - after the last entry, nothing but (for a signed package) the signing block.
///
/// The entry-level rules (names, extra fields, methods, the data itself) are in
/// `PackageEntries`, `PackageEntryName`, `ZipExtraFields` and `ExactInflate`; this type only finds where everything is.
public struct ZipLayout: Sendable {
    public struct Entry: Sendable, Hashable {
        /// The name exactly as both headers store it.
        public var rawName: [UInt8]
        /// The name decoded as UTF-8, invalid sequences repaired and control characters
        /// written as `\u{1}`, so a message never prints them; for a name that passed
        /// `PackageEntryName`'s rules it is exactly the name.
        public var name: String
        public var flags: UInt16
        public var method: UInt16
        public var crc32: UInt32
        public var compressedSize: Int
        public var size: Int
        /// The high byte of "version made by": the host that wrote the entry (3 is Unix).
        public var madeBySystem: UInt8
        /// The low byte of "version made by": the writer's ZIP version, in tenths.
        public var madeByVersion: UInt8 = 0
        /// "Version needed to extract" of the central and the local header (the low byte, in
        /// tenths: 20 is 2.0).
        public var versionNeeded: UInt8
        public var localVersionNeeded: UInt8 = 0
        public var externalAttributes: UInt32
        public var centralHeaderOffset: Int
        public var localHeaderOffset: Int
        public var dataOffset: Int
        public var centralExtra: Range<Int>
        public var localExtra: Range<Int>

        public var dataEnd: Int { dataOffset + compressedSize }
        public var dataRange: Range<Int> { dataOffset..<dataEnd }

        /// Why Info-ZIP `unzip` would write another name than the one stored, or nil. For an
        /// entry made on MS-DOS (host 0) or OS/2 HPFS (6), and NTFS (11) by version 5.0, it
        /// converts a name's non-ASCII bytes from the OEM code page, UTF-8 flag or not
        /// (`Ext_ASCII_TO_Native`; run against Debian's unzip 6.0 for every host 0 to 31):
        /// `ap` + U+0130 + `p.css` lands as `ap-\xA6p.css`.
        public var hostNameProblem: String? {
            guard rawName.contains(where: { $0 >= 0x80 }) else { return nil }
            guard madeBySystem == 0 || madeBySystem == 6 || (madeBySystem == 11 && madeByVersion == 50) else { return nil }
            return
                "is not ASCII and is marked as made on host \(madeBySystem), so unzip converts its name from the OEM code page and writes another name"
        }

        /// Why the entry's external attributes make it something other than a regular file
        /// (or, on a name ending in `/`, a folder), or nil. Judged whatever host the "version
        /// made by" byte names: Info-ZIP `unzip` reads the Unix mode from the high 16 bits for
        /// Unix and several other hosts (Atari 5, BeOS 16, OS X 19, AtheOS 30, …) and creates
        /// the symbolic link it describes, so a type the verifier ignores for one host byte is
        /// a link on disk for another.
        public var fileTypeProblem: String? {
            let isDirectoryName = rawName.last == UInt8(ascii: "/")
            let type = (externalAttributes >> 16) & 0o170000
            switch type {
            case 0, 0o100000:
                break
            case 0o040000 where isDirectoryName:
                break
            case 0o040000:
                return "has the directory file type but a file's name (no trailing '/')"
            case 0o120000:
                return
                    "is a symbolic link (file type 0o120000, made by host \(madeBySystem)); a package holds regular files only, and an extractor that follows links can write outside its folder"
            default:
                return "has file type 0o\(String(type, radix: 8)) (made by host \(madeBySystem)); a package holds regular files only"
            }
            // MS-DOS attributes in the low byte: 0x10 marks a folder, 0x400 a reparse point (a link on Windows).
            if externalAttributes & 0x10 != 0, !isDirectoryName {
                return "has the MS-DOS directory attribute (0x10) but a file's name (no trailing '/')"
            }
            if externalAttributes & 0x400 != 0 {
                return "has the Windows reparse-point attribute (0x400), which marks a link; a package holds regular files only"
            }
            return nil
        }
    }

    public var entries: [Entry]
    /// Where the last entry's data ends: the signing block's start, or the central directory's.
    public var entriesEnd: Int
    public var centralDirectoryOffset: Int
    public var endRecordOffset: Int

    public var isSigned: Bool { entriesEnd < centralDirectoryOffset }

    static let localHeaderSignature: UInt32 = 0x0403_4B50
    static let centralHeaderSignature: UInt32 = 0x0201_4B50
    static let endRecordSignature: UInt32 = 0x0605_4B50
    static let zip64EndRecordSignature: UInt32 = 0x0606_4B50
    static let zip64LocatorSignature: UInt32 = 0x0706_4B50
    static let endRecordSize = 22
    static let centralHeaderSize = 46
    static let localHeaderSize = 30
    /// How far from the end minizip-ng looks for an end record (the last one wins there).
    static let runtimeEndRecordSearch = 1024 * 1024 + endRecordSize

    public static func read(_ bytes: [UInt8]) throws(VerificationFailure) -> ZipLayout {
        let end = try endRecord(bytes)
        let (directoryOffset, directorySize, count) = try endRecordFields(bytes, at: end)
        // The directory and what follows first, so that a hidden record is named as such
        // rather than as the damaged directory it makes; the rest once the entries are known.
        try refuseHiddenStructure(
            bytes, in: directoryOffset..<bytes.count, structureFrom: directoryOffset, directory: directoryOffset, endRecord: end)
        // minizip-ng, finding no central header at the recorded offset, looks again at
        // end - size and shifts every entry: so the two must be the same place.
        guard directoryOffset + directorySize == end else {
            throw VerificationFailure(
                VerifyDiagnostic.endRecord.id,
                "the central directory (offset \(directoryOffset), \(directorySize) bytes) does not end at the end record at offset \(end)")
        }
        var entries = try walkCentralDirectory(bytes, from: directoryOffset, to: end, counted: count)
        for index in entries.indices {
            try readLocalHeader(bytes, of: &entries[index], before: directoryOffset)
        }
        let entriesEnd = try checkTiling(entries, before: directoryOffset)
        try refuseHiddenStructure(bytes, in: 0..<directoryOffset, structureFrom: entriesEnd, directory: directoryOffset, endRecord: end)
        return ZipLayout(entries: entries, entriesEnd: entriesEnd, centralDirectoryOffset: directoryOffset, endRecordOffset: end)
    }

    // MARK: - The end record

    /// The end record must be the last 22 bytes. Anything else gets a message that says what
    /// is there instead, because each shape is a different way for readers to diverge.
    static func endRecord(_ bytes: [UInt8]) throws(VerificationFailure) -> Int {
        let last = bytes.count - endRecordSize
        if last >= 0, LittleEndian.uint32(bytes, last) == endRecordSignature, LittleEndian.uint16(bytes, last + 20) == 0 {
            return last
        }
        // Where the runtime's reader would find one: the last signature in the final 1 MiB.
        let lowest = max(0, bytes.count - runtimeEndRecordSearch)
        let index = lastEndRecordSignature(in: bytes, from: last, downTo: lowest)
        if index >= lowest {
            let comment = Int(LittleEndian.uint16(bytes, index + 20))
            let after = bytes.count - index - endRecordSize
            if comment > after {
                throw VerificationFailure(
                    VerifyDiagnostic.endRecord.id,
                    "the end record at offset \(index) declares a \(comment)-byte comment but only \(after) bytes follow it")
            }
            if comment == after {
                throw VerificationFailure(
                    VerifyDiagnostic.endRecord.id,
                    "the end record at offset \(index) has a \(comment)-byte comment; a package has none, because a comment can hide a second end record that other readers take"
                )
            }
            throw VerificationFailure(
                VerifyDiagnostic.endRecord.id,
                "\(after - comment) bytes follow the end record at offset \(index) and its comment; a package ends with its end record")
        }
        throw VerificationFailure(VerifyDiagnostic.notAPackage.id, "not a ZIP package: no end of central directory record")
    }

    /// The highest offset from `start` down to `lowest` where an end-record signature begins,
    /// or `lowest - 1`. A raw-pointer loop: it scans up to 1 MiB (the runtime's search window).
    static func lastEndRecordSignature(in bytes: [UInt8], from start: Int, downTo lowest: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var index = start
            while index >= lowest {
                if buffer[index] == 0x50, buffer[index + 1] == 0x4B, buffer[index + 2] == 0x05, buffer[index + 3] == 0x06 { return index }
                index -= 1
            }
            return lowest - 1
        }
    }

    static func endRecordFields(_ bytes: [UInt8], at end: Int) throws(VerificationFailure) -> (offset: Int, size: Int, count: Int) {
        let disk = LittleEndian.uint16(bytes, end + 4)
        let directoryDisk = LittleEndian.uint16(bytes, end + 6)
        let countOnDisk = LittleEndian.uint16(bytes, end + 8)
        let count = LittleEndian.uint16(bytes, end + 10)
        let size = LittleEndian.uint32(bytes, end + 12)
        let offset = LittleEndian.uint32(bytes, end + 16)
        // 0xFFFF and 0xFFFFFFFF send ZIP64-aware readers to a ZIP64 record that others never
        // read; a package small enough to verify never needs one.
        if count == 0xFFFF || countOnDisk == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF || disk == 0xFFFF
            || directoryDisk == 0xFFFF
        {
            throw VerificationFailure(
                VerifyDiagnostic.zip64.id,
                "the end record at offset \(end) holds a ZIP64 marker (0xFFFF or 0xFFFFFFFF); MiniApp packages do not use ZIP64, and only some readers follow it"
            )
        }
        guard disk == 0, directoryDisk == 0, countOnDisk == count else {
            throw VerificationFailure(
                VerifyDiagnostic.endRecord.id,
                "the end record at offset \(end) describes a multi-disk archive (disk \(disk), directory on disk \(directoryDisk), \(countOnDisk) of \(count) entries here)"
            )
        }
        guard count > 0 else {
            throw VerificationFailure(
                VerifyDiagnostic.endRecord.id,
                "the end record at offset \(end) counts no entries; a package holds at least 'manifest.json'")
        }
        guard Int(offset) <= end else {
            throw VerificationFailure(
                VerifyDiagnostic.endRecord.id,
                "the end record at offset \(end) puts the central directory at offset \(offset), after itself")
        }
        return (Int(offset), Int(size), Int(count))
    }

    /// A second end record, a ZIP64 end record or a ZIP64 locator is how two readers are made
    /// to read two directories: libzip weighs every end record in the file's last 64 KiB and,
    /// between two equally consistent ones, keeps the first; it follows a ZIP64 locator no
    /// 32-bit field asks for; minizip-ng takes the last end record. The whole file is searched:
    /// - from the last entry's end (the signing block, the central directory) to the end
    ///   record, any such signature is refused: the block and the directory are structure,
    ///   and a signer's certificate, say, can carry any bytes;
    /// - in the entries (headers and data), an end record is refused when a reader could take
    ///   it: its directory lies before it and starts with a central header. Compressed data
    ///   holds the 4 signature bytes by chance about once in 4 GiB, so the signature alone
    ///   would refuse honest packages; an archive stored as an asset is refused only when its
    ///   offsets point into this file's own entries, as an attack's must.
    static func refuseHiddenStructure(
        _ bytes: [UInt8], in range: Range<Int>, structureFrom entriesEnd: Int, directory: Int, endRecord end: Int
    ) throws(VerificationFailure) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(VerificationFailure) in
            let limit = min(range.upperBound, buffer.count - 3)
            var index = range.lowerBound
            while index < limit {
                // memchr finds the next 'P' at memory speed: the scan covers the whole package.
                guard let found = memchr(buffer.baseAddress! + index, 0x50, limit - index) else { break }
                index = UnsafeRawPointer(found) - UnsafeRawPointer(buffer.baseAddress!)
                defer { index += 1 }
                guard index != end, buffer[index + 1] == 0x4B, buffer[index + 2] < 0x08 else { continue }
                let signature =
                    UInt32(buffer[index]) | UInt32(buffer[index + 1]) << 8 | UInt32(buffer[index + 2]) << 16 | UInt32(buffer[index + 3])
                    << 24
                let what: String
                switch signature {
                case endRecordSignature: what = "an end-record signature"
                case zip64EndRecordSignature: what = "a ZIP64 end-record signature"
                case zip64LocatorSignature: what = "a ZIP64 locator signature"
                default: continue
                }
                if index >= entriesEnd {
                    let place =
                        index < directory
                        ? "inside the signing block" : index < end ? "inside the central directory" : "after the end record"
                    throw VerificationFailure(
                        VerifyDiagnostic.hiddenStructure.id,
                        "\(what) at offset \(index), \(place); a package has one end record only, and a second one is read by some readers and not others"
                    )
                }
                if signature == endRecordSignature, isReadableEndRecord(buffer, at: index) {
                    throw VerificationFailure(
                        VerifyDiagnostic.hiddenStructure.id,
                        "an end record at offset \(index), inside the entries, points at a central directory in this file; libzip can take it for the package's own"
                    )
                }
            }
        }
    }

    /// Whether an end record at `index` describes a directory a reader could read: one that
    /// lies before it and starts with a central header (or is empty).
    private static func isReadableEndRecord(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index + endRecordSize <= buffer.count else { return false }
        func uint32(_ at: Int) -> Int { Int(buffer[at]) | Int(buffer[at + 1]) << 8 | Int(buffer[at + 2]) << 16 | Int(buffer[at + 3]) << 24 }
        let size = uint32(index + 12)
        let offset = uint32(index + 16)
        guard offset + size <= index else { return false }
        if size == 0 { return true }
        return offset + 4 <= buffer.count && uint32(offset) == Int(centralHeaderSignature)
    }

    // MARK: - The central directory

    /// Walks header by header from the directory's start to the end record, as minizip-ng
    /// does (it ignores the count), and checks the count too, as libzip uses it.
    static func walkCentralDirectory(_ bytes: [UInt8], from start: Int, to end: Int, counted: Int) throws(VerificationFailure) -> [Entry] {
        var entries: [Entry] = []
        var cursor = start
        while cursor < end {
            guard cursor + centralHeaderSize <= end, LittleEndian.uint32(bytes, cursor) == centralHeaderSignature else {
                throw VerificationFailure(
                    VerifyDiagnostic.centralDirectory.id,
                    "no central directory header at offset \(cursor), inside the central directory (which ends at \(end))")
            }
            let nameLength = Int(LittleEndian.uint16(bytes, cursor + 28))
            let extraLength = Int(LittleEndian.uint16(bytes, cursor + 30))
            let commentLength = Int(LittleEndian.uint16(bytes, cursor + 32))
            let next = cursor + centralHeaderSize + nameLength + extraLength + commentLength
            guard next <= end else {
                throw VerificationFailure(
                    VerifyDiagnostic.centralDirectory.id,
                    "the central directory header at offset \(cursor) runs past the end record at offset \(end)")
            }
            let rawName = Array(bytes[(cursor + centralHeaderSize)..<(cursor + centralHeaderSize + nameLength)])
            let name = Self.displayName(rawName)
            let compressed = LittleEndian.uint32(bytes, cursor + 20)
            let size = LittleEndian.uint32(bytes, cursor + 24)
            let local = LittleEndian.uint32(bytes, cursor + 42)
            let diskStart = LittleEndian.uint16(bytes, cursor + 34)
            if compressed == 0xFFFF_FFFF || size == 0xFFFF_FFFF || local == 0xFFFF_FFFF || diskStart == 0xFFFF {
                throw VerificationFailure(
                    VerifyDiagnostic.zip64.id,
                    "entry '\(name)' (central header at offset \(cursor)) holds a ZIP64 marker (0xFFFFFFFF); MiniApp packages do not use ZIP64, and readers differ in how they read it"
                )
            }
            let flags = LittleEndian.uint16(bytes, cursor + 8)
            // With a data descriptor the local header's sizes are zero and the real ones follow
            // the data, where readers look for them (or not) in different ways.
            guard flags & 0x0008 == 0 else {
                throw VerificationFailure(
                    VerifyDiagnostic.flags.id,
                    "entry '\(name)' (central header at offset \(cursor)) uses a data descriptor (flag bit 3); packages give sizes and CRC in both headers"
                )
            }
            guard diskStart == 0 else {
                throw VerificationFailure(
                    VerifyDiagnostic.centralDirectory.id,
                    "entry '\(name)' (central header at offset \(cursor)) starts on disk \(diskStart); a package is one file")
            }
            let extraStart = cursor + centralHeaderSize + nameLength
            entries.append(
                Entry(
                    rawName: rawName, name: name,
                    flags: flags, method: LittleEndian.uint16(bytes, cursor + 10),
                    crc32: LittleEndian.uint32(bytes, cursor + 16), compressedSize: Int(compressed), size: Int(size),
                    madeBySystem: bytes[cursor + 5], madeByVersion: bytes[cursor + 4], versionNeeded: bytes[cursor + 6],
                    externalAttributes: LittleEndian.uint32(bytes, cursor + 38),
                    centralHeaderOffset: cursor, localHeaderOffset: Int(local), dataOffset: 0,
                    centralExtra: extraStart..<(extraStart + extraLength), localExtra: 0..<0))
            cursor = next
        }
        guard entries.count == counted else {
            throw VerificationFailure(
                VerifyDiagnostic.centralDirectory.id,
                "the end record counts \(counted) entries but the central directory holds \(entries.count); readers that trust the count and readers that walk the directory would see different files"
            )
        }
        return entries
    }

    static func displayName(_ raw: [UInt8]) -> String {
        String(decoding: raw, as: UTF8.self).unicodeScalars.map { scalar in
            scalar.value < 0x20 || scalar.value == 0x7F ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }.joined()
    }

    // MARK: - Local headers and the tiling

    /// The local header must say what the central one says: libzip checks some of it, Python's
    /// zipfile the name, and the runtime's reader none of it, so a disagreement is a second
    /// reading of the same entry.
    static func readLocalHeader(_ bytes: [UInt8], of entry: inout Entry, before directory: Int) throws(VerificationFailure) {
        let local = entry.localHeaderOffset
        guard local + localHeaderSize <= directory, LittleEndian.uint32(bytes, local) == localHeaderSignature else {
            throw VerificationFailure(
                VerifyDiagnostic.localHeader.id,
                "entry '\(entry.name)' points at offset \(local), where there is no local header before the central directory")
        }
        let nameLength = Int(LittleEndian.uint16(bytes, local + 26))
        let extraLength = Int(LittleEndian.uint16(bytes, local + 28))
        let extraStart = local + localHeaderSize + nameLength
        guard extraStart + extraLength <= directory else {
            throw VerificationFailure(
                VerifyDiagnostic.localHeader.id,
                "the local header of entry '\(entry.name)' at offset \(local) runs past the central directory")
        }
        var differences: [String] = []
        if Array(bytes[(local + localHeaderSize)..<extraStart]) != entry.rawName {
            differences.append("name '\(Self.displayName(Array(bytes[(local + localHeaderSize)..<extraStart])))'")
        }
        let flags = LittleEndian.uint16(bytes, local + 6)
        if flags != entry.flags { differences.append("flags 0x\(String(flags, radix: 16)) against 0x\(String(entry.flags, radix: 16))") }
        let method = LittleEndian.uint16(bytes, local + 8)
        if method != entry.method { differences.append("method \(method) against \(entry.method)") }
        let crc = LittleEndian.uint32(bytes, local + 14)
        if crc != entry.crc32 { differences.append("CRC \(String(crc, radix: 16)) against \(String(entry.crc32, radix: 16))") }
        let compressed = Int(LittleEndian.uint32(bytes, local + 18))
        if compressed != entry.compressedSize { differences.append("compressed size \(compressed) against \(entry.compressedSize)") }
        let size = Int(LittleEndian.uint32(bytes, local + 22))
        if size != entry.size { differences.append("size \(size) against \(entry.size)") }
        guard differences.isEmpty else {
            throw VerificationFailure(
                VerifyDiagnostic.localHeader.id,
                "the local header of entry '\(entry.name)' at offset \(local) disagrees with its central header: \(differences.joined(separator: ", "))"
            )
        }
        entry.localVersionNeeded = bytes[local + 4]
        entry.localExtra = extraStart..<(extraStart + extraLength)
        entry.dataOffset = extraStart + extraLength
    }

    /// Entries, in file order, must follow each other from offset 0 with nothing between them:
    /// bytes that belong to no entry are bytes no check looked at, and data that runs into the
    /// next structure is data the signature may not cover.
    static func checkTiling(_ entries: [Entry], before directory: Int) throws(VerificationFailure) -> Int {
        let ordered = entries.sorted { $0.localHeaderOffset < $1.localHeaderOffset }
        var expected = 0
        var previous: Entry?
        for entry in ordered {
            if entry.localHeaderOffset > expected {
                let after = previous.map { "after entry '\($0.name)'" } ?? "before the first entry"
                throw VerificationFailure(
                    VerifyDiagnostic.layout.id,
                    "\(entry.localHeaderOffset - expected) bytes at offset \(expected) \(after) belong to no entry")
            }
            if entry.localHeaderOffset < expected, let previous {
                throw VerificationFailure(
                    VerifyDiagnostic.layout.id,
                    "entry '\(entry.name)' at offset \(entry.localHeaderOffset) overlaps entry '\(previous.name)', whose data ends at \(expected)"
                )
            }
            guard entry.dataEnd <= directory else {
                throw VerificationFailure(
                    VerifyDiagnostic.layout.id,
                    "the data of entry '\(entry.name)' (offset \(entry.dataOffset), \(entry.compressedSize) bytes) runs past the central directory at offset \(directory)"
                )
            }
            expected = entry.dataEnd
            previous = entry
        }
        return expected
    }
}
