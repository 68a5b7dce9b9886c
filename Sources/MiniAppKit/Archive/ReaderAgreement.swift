import Foundation

/// The differential check: libzip, a general-purpose reader with its own way of finding the
/// central directory (it weighs every end record it finds and follows ZIP64 locators), must
/// read exactly the entries and bytes the strict reader read, opened both ways programs open
/// it: with `ZIP_CHECKCONS` and without (the two weigh end records differently). The strict
/// rules are meant to leave no room for a second reading; this is the proof, package by
/// package, and the fuzz targets assert it on mutated packages too.
enum ReaderAgreement {
    static func check(_ bytes: [UInt8], layout: ZipLayout, files: [SourceFile]) -> VerificationFailure? {
        for checkConsistency in [true, false] {
            if let disagreement = check(bytes, layout: layout, files: files, checkConsistency: checkConsistency) { return disagreement }
        }
        return nil
    }

    private static func check(_ bytes: [UInt8], layout: ZipLayout, files: [SourceFile], checkConsistency: Bool) -> VerificationFailure? {
        let libzip = checkConsistency ? "libzip (ZIP_CHECKCONS)" : "libzip"
        let reader: ArchiveReader
        do throws(ArchiveError) {
            reader = try ArchiveReader(bytes: bytes, checkConsistency: checkConsistency)
        } catch {
            return disagreement("\(libzip) cannot read what the strict reader read: \(error.message)")
        }
        guard reader.entries.count == layout.entries.count else {
            return disagreement("\(libzip) reads \(reader.entries.count) entries, the strict reader \(layout.entries.count)")
        }
        for (seen, strict) in zip(reader.entries, layout.entries) {
            guard seen.rawName == strict.rawName else {
                return disagreement("\(libzip) reads entry \(seen.index) as '\(seen.name)', the strict reader as '\(strict.name)'")
            }
            guard seen.size == strict.size, seen.compressedSize == strict.compressedSize, seen.crc32 == strict.crc32,
                seen.method == Int(strict.method)
            else {
                return disagreement("\(libzip) reads other sizes, CRC or method for entry '\(strict.name)'")
            }
        }
        // The bytes too: the same name could still lead libzip to other data.
        let filesByName = Dictionary(files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        for entry in reader.entries {
            guard let strictBytes = filesByName[entry.name] else { continue }
            do throws(ArchiveError) {
                guard sameBytes(try reader.read(entry, limit: Limits.fileSize), strictBytes) else {
                    return disagreement("\(libzip) reads other bytes for entry '\(entry.name)' than the strict reader")
                }
            } catch {
                return disagreement("\(libzip) cannot read entry '\(entry.name)': \(error.message)")
            }
        }
        return nil
    }

    /// `==` on arrays, with memcmp: element-wise comparison of megabytes is slow in debug builds.
    private static func sameBytes(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        lhs.count == rhs.count
            && lhs.withUnsafeBytes { left in
                rhs.withUnsafeBytes { right in left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 }
            }
    }

    private static func disagreement(_ message: String) -> VerificationFailure {
        VerificationFailure(VerifyDiagnostic.readersDisagree.id, message)
    }
}
