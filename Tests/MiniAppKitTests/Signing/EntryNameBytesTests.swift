import Foundation
import Testing
@testable import MiniAppKit

/// Names are judged as bytes, split on the byte `/` (issue 38, class 1), and a package's names
/// must name each file once, as a file or as a folder, on every volume (classes 1 and 4); every
/// entry must be a regular file or a folder whatever host wrote it (class 4).
struct EntryNameBytesTests {
    typealias Entry = CraftedZip.Entry

    /// The failures of the minimal app with `extra` entries added after it, and where each
    /// added entry's local header starts.
    static func verify(adding extra: [Entry]) throws -> (failures: [VerificationFailure], offsets: [Int]) {
        var zip = CraftedZip.minimalApp()
        zip.entries += extra
        let bytes = zip.bytes()
        let offsets = try ZipLayout.read(bytes).entries.suffix(extra.count).map(\.localHeaderOffset)
        return (PackageVerifier.verify(bytes).failures, offsets)
    }

    static func utf8Entry(_ name: String, _ content: String = "evil()\n") -> Entry {
        var entry = Entry(name, content)
        entry.flags = 0x0800
        return entry
    }

    // MARK: - A grapheme cluster cannot hide a separator

    @Test(arguments: [
        ("X\u{0600}/../app.js", "contains '..' and would leave the extraction folder"),
        ("../\u{0301}evil.js", "contains '..' and would leave the extraction folder"),
        ("pages\u{0600}/../../etc/x", "contains '..' and would leave the extraction folder"),
        ("a\u{110BD}/./app.js", "contains a '.' segment; extracted, it lands on the same file as the name without it"),
        ("X\u{0600}//app.js", "contains an empty segment ('//'); extracted, it lands on the same file as the name with one '/'"),
        ("/\u{0301}etc/passwd", "is an absolute path"),
        ("a\\\u{0301}b.js", "contains a backslash"),
        ("C:\u{0301}/x.js", "starts with a drive letter"),
        ("assets/.. /x.js", "has a segment of dots and spaces only, which Windows extractors read as '.' or '..'"),
        ("assets/.../x.js", "has a segment of dots and spaces only, which Windows extractors read as '.' or '..'"),
    ])
    func aSeparatorHiddenInAGraphemeClusterIsSeen(name: String, problem: String) throws {
        let (failures, offsets) = try Self.verify(adding: [Self.utf8Entry(name)])
        #expect(failures == [VerificationFailure("archive-name", "entry '\(name)' at offset \(offsets[0]) \(problem)")])
        // The writer refuses the same name, with the same reason.
        #expect(PackageEntryName.pathProblem(name) == problem)
    }

    @Test func namesWithCombiningMarksAndPrependCharactersInsideSegmentsPass() throws {
        let (failures, _) = try Self.verify(adding: [
            Self.utf8Entry("assets/\u{0600}x.txt", "a"), Self.utf8Entry("assets/cafe\u{0301}/menu.txt", "b"),
            Self.utf8Entry("assets/\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}.txt", "c"), Self.utf8Entry("assets/x\u{0301}y/..z", "d"),
        ])
        #expect(failures == [])
    }

    // MARK: - Names that are one file after case folding

    @Test(arguments: [
        ("assets/\u{0432}.txt", "assets/\u{1C80}.txt"),  // CYRILLIC SMALL LETTER ROUNDED VE folds to ve
        ("assets/ss.txt", "assets/\u{DF}.txt"),  // sharp s folds to "ss"
        ("assets/\u{DF}.txt", "assets/\u{1E9E}.txt"),  // capital sharp s
        ("assets/k.txt", "assets/\u{212A}.txt"),  // KELVIN SIGN
        ("assets/\u{3C3}.txt", "assets/\u{3C2}.txt"),  // final sigma
        ("assets/\u{3B9}.txt", "assets/\u{345}.txt"),  // COMBINING GREEK YPOGEGRAMMENI folds to iota
        ("assets/\u{FB00}.txt", "assets/FF.txt"),  // LATIN SMALL LIGATURE FF folds to "ff"
        ("app.js", "app\u{200B}.js"),  // a zero-width space no reader shows
        ("app.js", "app.js."),  // Windows drops a trailing dot
        ("app.js", "APP.JS"),
    ])
    func namesThatFoldToOneFileAreRefused(first: String, second: String) throws {
        var extra = [Self.utf8Entry(second)]
        if first != "app.js" { extra.insert(Self.utf8Entry(first, "a"), at: 0) }
        let (failures, offsets) = try Self.verify(adding: extra)
        #expect(
            failures == [
                VerificationFailure(
                    "archive-duplicate-name",
                    "entry '\(second)' at offset \(offsets.last!) and entry '\(first)' are the same file after Unicode normalization or case folding"
                )
            ])
    }

    /// Every pair of code points that Python's full case folding (`str.casefold`) makes equal
    /// shares a collision key: the key reaches at least what Unicode's full case folding does.
    @Test func theCollisionKeyJoinsEveryPairUnicodeFullCaseFoldingJoins() async throws {
        let script = """
            import sys, unicodedata
            groups = {}
            for code in range(0x110000):
                if 0xD800 <= code <= 0xDFFF: continue
                c = chr(code)
                if unicodedata.category(c) in ('Cn', 'Cs', 'Co'): continue
                groups.setdefault(unicodedata.normalize('NFC', c.casefold()), []).append(code)
            for key, codes in groups.items():
                if len(codes) > 1: print(' '.join('%X' % c for c in codes))
            """
        let output = try await ExternalTool.run("python3", ["-c", script])
        var pairs = 0
        for line in output.split(separator: "\n") {
            let scalars = line.split(separator: " ").map { String(Unicode.Scalar(UInt32($0, radix: 16)!)!) }
            let keys = Set(scalars.map { PackageEntryName.collisionKey("assets/" + $0 + ".txt") })
            #expect(keys.count == 1, "\(line)")
            pairs += 1
        }
        #expect(pairs > 1000)
    }

    /// The ASCII shortcut of `collisionKey` gives what the full Unicode key gives, on every
    /// ASCII name: generated names of letters, digits, dots, spaces, slashes and the other
    /// printable and control characters, and the ones where trimming matters.
    @Test func theASCIICollisionKeyIsTheUnicodeKey() {
        var generator = SeededGenerator(seed: 38)
        var names = ["a", "A.", "a. .", "./.", "..", " ", "a/ /b", "Dir./File .TXT", "x/y./z..", "/", "//", "a//", "I/i", "\u{7F}\u{0}"]
        let alphabet = Array("aAzZiI09._ -/./ .\t~\u{1F}\u{7F}".unicodeScalars)
        for _ in 0..<5000 {
            let length = Int.random(in: 1...12, using: &generator)
            names.append(String(String.UnicodeScalarView((0..<length).map { _ in alphabet.randomElement(using: &generator)! })))
        }
        for name in names {
            #expect(PackageEntryName.asciiCollisionKey(name) == PackageEntryName.unicodeCollisionKey(name), "\(name.debugDescription)")
        }
        #expect(PackageEntryName.asciiCollisionKey("assets/\u{E9}.txt") == nil)
    }

    @Test func namesThatDifferOnEveryVolumePass() throws {
        let (failures, _) = try Self.verify(adding: [
            Self.utf8Entry("assets/e.txt", "a"), Self.utf8Entry("assets/\u{E9}.txt", "b"), Self.utf8Entry("assets/\u{0433}.txt", "c"),
            Self.utf8Entry("assets/a.b.txt", "d"), Self.utf8Entry("assets/ab.txt", "e"),
        ])
        #expect(failures == [])
    }

    // MARK: - A name that is both a file and a folder

    @Test func aDirectoryEntryNamedLikeAFileIsRefusedInEitherOrder() throws {
        let before = try Self.verify(adding: [Entry("pages/", ""), Entry("app.js/", "")])
        // 'app.js/' comes after the minimal app's 'app.js'.
        #expect(
            before.failures == [
                VerificationFailure(
                    "archive-file-folder-conflict",
                    "entry 'app.js/' at offset \(before.offsets[1]) conflicts with another entry: 'app.js' is a file and 'app.js/' makes it a folder; extractors keep one of the two"
                )
            ])

        var zip = CraftedZip.minimalApp()
        zip.entries.insert(Entry("app.js/", ""), at: 0)
        let bytes = zip.bytes()
        let appOffset = try #require(try ZipLayout.read(bytes).entries.first { $0.name == "app.js" }).localHeaderOffset
        #expect(
            PackageVerifier.verify(bytes).failures == [
                VerificationFailure(
                    "archive-file-folder-conflict",
                    "entry 'app.js' at offset \(appOffset) conflicts with another entry: 'app.js' is a file and 'app.js/' makes it a folder; extractors keep one of the two"
                )
            ])
    }

    @Test func aFileUnderAFileIsRefused() throws {
        let (failures, offsets) = try Self.verify(adding: [Entry("app.js/x.js", "x"), Entry("App.JS/y/z.js", "y")])
        #expect(
            failures == [
                VerificationFailure(
                    "archive-file-folder-conflict",
                    "entry 'app.js/x.js' at offset \(offsets[0]) conflicts with another entry: 'app.js' is a file and 'app.js/x.js' makes it a folder; extractors keep one of the two"
                ),
                VerificationFailure(
                    "archive-file-folder-conflict",
                    "entry 'App.JS/y/z.js' at offset \(offsets[1]) conflicts with another entry: 'app.js' is a file and 'App.JS/y/z.js' makes it a folder; extractors keep one of the two"
                ),
            ])
        // The other way round: a file named like a folder an earlier entry made.
        let (later, laterOffsets) = try Self.verify(adding: [Entry("assets/x/y.txt", "x"), Entry("Assets/X", "y")])
        #expect(
            later == [
                VerificationFailure(
                    "archive-file-folder-conflict",
                    "entry 'Assets/X' at offset \(laterOffsets[1]) conflicts with another entry: 'Assets/X' is a file and 'assets/x/y.txt' makes it a folder; extractors keep one of the two"
                )
            ])
    }

    @Test func aFileNamedWithATrailingCombiningMarkAfterTheSlashIsAFile() throws {
        // 'x/' + U+0301 is one Character, but its last byte is not '/': a file in folder 'x'.
        let (failures, offsets) = try Self.verify(adding: [Self.utf8Entry("assets/x", "a"), Self.utf8Entry("assets/x/\u{0301}", "b")])
        #expect(
            failures == [
                VerificationFailure(
                    "archive-file-folder-conflict",
                    "entry 'assets/x/\u{0301}' at offset \(offsets[1]) conflicts with another entry: 'assets/x' is a file and 'assets/x/\u{0301}' makes it a folder; extractors keep one of the two"
                )
            ])
    }

    @Test func theWriterRefusesAFileAndAFolderOfOneName() {
        #expect(throws: ArchiveError("'app.js' is a file and 'app.js/x.js' makes it a folder; rename one")) {
            try ArchiveWriter.checkNames(["manifest.json", "app.js", "app.js/x.js"])
        }
        #expect(
            throws: ArchiveError(
                "'assets/\u{1C80}.txt' and 'assets/\u{0432}.txt' are the same file after Unicode normalization or case folding; rename one")
        ) {
            try ArchiveWriter.checkNames(["manifest.json", "assets/\u{0432}.txt", "assets/\u{1C80}.txt"])
        }
    }

    // MARK: - Every entry is a regular file or a folder, whatever host wrote it

    @Test(arguments: [0, 3, 5, 16, 19, 30] as [UInt16])
    func aSymbolicLinkIsRefusedUnderEveryHost(host: UInt16) throws {
        var link = Entry("assets/link", "/etc", method: 0)
        link.externalAttributes = 0o120777 << 16
        link.madeBy = host << 8 | 0x1E
        let (failures, offsets) = try Self.verify(adding: [link])
        _ = offsets
        #expect(
            failures == [
                VerificationFailure(
                    "archive-file-type",
                    "entry 'assets/link' is a symbolic link (file type 0o120000, made by host \(host)); a package holds regular files only, and an extractor that follows links can write outside its folder"
                )
            ])
    }

    @Test(arguments: [
        (UInt32(0o020644) << 16, "has file type 0o20000 (made by host 16); a package holds regular files only"),
        (UInt32(0o060644) << 16, "has file type 0o60000 (made by host 16); a package holds regular files only"),
        (UInt32(0o010644) << 16, "has file type 0o10000 (made by host 16); a package holds regular files only"),
        (UInt32(0o140644) << 16, "has file type 0o140000 (made by host 16); a package holds regular files only"),
        (UInt32(0o040755) << 16, "has the directory file type but a file's name (no trailing '/')"),
        (UInt32(0x10), "has the MS-DOS directory attribute (0x10) but a file's name (no trailing '/')"),
        (UInt32(0x420), "has the Windows reparse-point attribute (0x400), which marks a link; a package holds regular files only"),
    ])
    func otherFileTypesAreRefused(attributes: UInt32, problem: String) throws {
        var entry = Entry("assets/thing", "x", method: 0)
        entry.externalAttributes = attributes
        entry.madeBy = 16 << 8 | 0x1E
        let (failures, _) = try Self.verify(adding: [entry])
        #expect(failures == [VerificationFailure("archive-file-type", "entry 'assets/thing' \(problem)")])
    }

    /// Found by the differential fuzz (seed 1766197591): unzip converts a non-ASCII name of an
    /// MS-DOS entry from the OEM code page, whatever its UTF-8 flag says.
    @Test(arguments: [
        (UInt16(0x0014), true), (0x001E, true), (0x063F, true), (0x0B32, true), (0x0B1E, false), (0x031E, false), (0x0A14, false),
        (0x131E, false),
    ])
    func aNonASCIINameFromAHostUnzipTranscodesIsRefused(madeBy: UInt16, refused: Bool) throws {
        var entry = Self.utf8Entry("assets/ap\u{130}p.css", "a")
        entry.externalAttributes = 0x20
        entry.madeBy = madeBy
        var ascii = Entry("assets/plain.css", "b")
        ascii.externalAttributes = 0x20
        ascii.madeBy = madeBy
        let (failures, _) = try Self.verify(adding: [entry, ascii])
        let host = madeBy >> 8
        #expect(
            failures
                == (refused
                    ? [
                        VerificationFailure(
                            "archive-name",
                            "entry 'assets/ap\u{130}p.css' is not ASCII and is marked as made on host \(host), so unzip converts its name from the OEM code page and writes another name"
                        )
                    ] : []))
    }

    @Test func regularFilesAndFoldersFromOtherHostsPass() throws {
        var dos = Entry("assets/a.txt", "a")
        dos.externalAttributes = 0x20
        dos.madeBy = 0x0014
        var folder = Entry("assets/", "")
        folder.externalAttributes = 0o040755 << 16 | 0x10
        var plain = Entry("assets/b.txt", "b")
        plain.externalAttributes = 0
        plain.madeBy = 19 << 8 | 0x1E
        let (failures, _) = try Self.verify(adding: [folder, dos, plain])
        #expect(failures == [])
    }
}
