import Foundation
import MiniAppKitTestProcess
import Testing
@testable import MiniAppKit

/// Archives built with Python's zipfile, which writes what mactl never would.
struct HostileArchiveTests {
    static func python(_ script: String) async throws -> [UInt8] {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-hostile-\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: output) }
        _ = try await TestProcess.run(tool: "python3", ["-c", "import sys, zipfile\nout = sys.argv[1]\n" + script, output.path])
        return [UInt8](try Data(contentsOf: output))
    }

    static let manifest = "z.writestr('manifest.json', '{}')\n"

    @Test func zipSlipNamesAreRefused() async throws {
        let bytes = try await Self.python(
            """
            z = zipfile.ZipFile(out, 'w')
            \(Self.manifest)z.writestr('../evil.txt', 'x')
            z.writestr('/etc/evil', 'x')
            z.writestr('a\\\\b.txt', 'x')
            z.writestr('C:/win.txt', 'x')
            z.close()
            """)
        let failures = PackageVerifier.verify(bytes).failureMessages
        #expect(
            failures == [
                "entry '../evil.txt' at offset 45 contains '..' and would leave the extraction folder",
                "entry '/etc/evil' at offset 87 is an absolute path",
                "entry 'a\\b.txt' at offset 127 contains a backslash",
                "entry 'C:/win.txt' at offset 165 starts with a drive letter",
            ])
    }

    @Test func aZipBombIsRefusedWithoutInflatingIt() async throws {
        let bytes = try await Self.python(
            """
            z = zipfile.ZipFile(out, 'w', compression=zipfile.ZIP_DEFLATED)
            \(Self.manifest)z.writestr('bomb.bin', b'\\0' * 10_000_000)
            z.close()
            """)
        let failures = PackageVerifier.verify(bytes).failureMessages
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("entry 'bomb.bin' inflates to 10000000 bytes from ") == true)
        #expect(failures.first?.hasSuffix(", a ratio over the limit of 200:1 (a zip bomb)") == true)
    }

    @Test func oneZipFileAsDataIsAllowedButAnArchiveOfArchivesIsNot() async throws {
        let bytes = try await Self.python(
            """
            import io
            def archive(name, data):
                buffer = io.BytesIO()
                with zipfile.ZipFile(buffer, 'w') as inner:
                    inner.writestr(name, data)
                return buffer.getvalue()
            z = zipfile.ZipFile(out, 'w')
            \(Self.manifest)z.writestr('data.zip', archive('a.txt', 'x'))
            z.writestr('nested.zip', archive('inner.zip', archive('a.txt', 'x')))
            z.close()
            """)
        #expect(
            PackageVerifier.verify(bytes).failureMessages == [
                "entry 'nested.zip' is an archive that holds archives; a package may carry a ZIP file as data, but nested archives are how recursive zip bombs pass one-level checks"
            ])
    }

    @Test func duplicateEntriesAreRefused() async throws {
        let bytes = try await Self.python(
            """
            import warnings
            warnings.simplefilter('ignore')
            z = zipfile.ZipFile(out, 'w')
            \(Self.manifest)z.writestr('a.txt', 'x')
            z.writestr('a.txt', 'y')
            z.close()
            """)
        #expect(PackageVerifier.verify(bytes).failureMessages == ["entry 'a.txt' at offset 81 is in the archive twice"])
    }

    @Test func otherMethodsAndAMissingManifestAreRefused() async throws {
        let bytes = try await Self.python(
            """
            z = zipfile.ZipFile(out, 'w')
            z.writestr(zipfile.ZipInfo('b.bz2'), 'x', compress_type=zipfile.ZIP_BZIP2)
            z.close()
            """)
        #expect(
            PackageVerifier.verify(bytes).failureMessages == [
                "entry 'b.bz2' uses compression method 12; only store (0) and deflate (8) are allowed",
                "the package has no 'manifest.json' at its root",
            ])
    }

    @Test func randomBytesAreNotAPackage() {
        #expect(
            PackageVerifier.verify(Array("hello, not a zip".utf8)).failureMessages == [
                "not a ZIP package: no end of central directory record"
            ])
        #expect(PackageVerifier.verify([]).failureMessages == ["not a ZIP package: no end of central directory record"])
    }
}
