import Crypto
import Foundation
import MiniAppKitTestProcess
import Testing
@testable import MiniAppKit

/// The property `verify` exists for, checked against real readers: for every package it
/// accepts, Python's zipfile and Info-ZIP `unzip` read exactly the names and bytes it read.
/// The packages are the minimal app mutated one byte at a time over every header byte, plus
/// the output of other packagers.
struct ReaderDifferentialTests {
    struct Accepted {
        var name: String
        var files: [String: String]
    }

    static let pythonReader = """
        import hashlib, json, subprocess, sys, zipfile
        for path in sys.argv[1:]:
            result = {"path": path}
            try:
                with zipfile.ZipFile(path) as z:
                    result["python"] = {i.filename: hashlib.sha256(z.read(i)).hexdigest() for i in z.infolist() if not i.filename.endswith("/")}
            except Exception as error:
                result["python"] = "error: %s" % error
            names = subprocess.run(["unzip", "-Z1", path], capture_output=True).stdout.decode("utf-8", "replace").splitlines()
            unzip = {}
            for name in names:
                if name.endswith("/"):
                    continue
                data = subprocess.run(["unzip", "-p", path, name], capture_output=True)
                unzip[name] = hashlib.sha256(data.stdout).hexdigest() if data.returncode == 0 else "exit %d" % data.returncode
            result["unzip"] = unzip
            print(json.dumps(result))
        """

    /// What Python and unzip read from each package, by path.
    static func otherReaders(_ paths: [String]) async throws -> [String: (python: [String: String]?, unzip: [String: String])] {
        let output = Data(try await ExternalTool.run("python3", ["-c", pythonReader] + paths).utf8)
        var results: [String: (python: [String: String]?, unzip: [String: String])] = [:]
        for line in output.split(separator: UInt8(ascii: "\n")) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            let path = try #require(object["path"] as? String)
            results[path] = (object["python"] as? [String: String], object["unzip"] as? [String: String] ?? [:])
        }
        return results
    }

    static func strictView(_ bytes: [UInt8]) -> [String: String]? {
        let (files, failures) = PackageVerifier.archiveView(bytes)
        guard failures.isEmpty else { return nil }
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, Hex.string(SHA256.hash(data: $0.bytes))) })
    }

    static func compare(_ packages: [(name: String, bytes: [UInt8])]) async throws -> Int {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-differential-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var accepted: [String: [String: String]] = [:]
        for package in packages {
            guard let view = strictView(package.bytes) else { continue }
            let path = folder.appendingPathComponent(package.name).path
            try Data(package.bytes).write(to: URL(fileURLWithPath: path))
            accepted[path] = view
        }
        let others = try await otherReaders(accepted.keys.sorted())
        for (path, view) in accepted {
            let other = try #require(others[path], "\(path)")
            let name = URL(fileURLWithPath: path).lastPathComponent
            #expect(other.python == view, "Python's zipfile reads \(name) differently")
            #expect(other.unzip == view, "unzip reads \(name) differently")
        }
        return accepted.count
    }

    @Test func everyAcceptedOneByteMutationReadsTheSameEverywhere() async throws {
        let original = CraftedZip.minimalApp().bytes()
        let layout = try ZipLayout.read(original)
        // Every byte of every header, the central directory and the end record; data bytes are
        // covered by the CRC and the exact inflate.
        var offsets: [Int] = Array(layout.centralDirectoryOffset..<original.count)
        for entry in layout.entries { offsets += Array(entry.localHeaderOffset..<entry.dataOffset) }
        var mutants: [(name: String, bytes: [UInt8])] = []
        for offset in offsets {
            for value: UInt8 in [0x00, 0xFF, original[offset] ^ 0x01, original[offset] ^ 0x80, original[offset] &+ 1]
            where value != original[offset] {
                var mutant = original
                mutant[offset] = value
                mutants.append(("m\(offset)-\(value).ma", mutant))
            }
        }
        let count = try await Self.compare(mutants)
        // Timestamps, versions and attributes change without changing what is read.
        #expect(count > 100)
    }

    @Test func packagesFromOtherPackagersVerifyAndReadTheSame() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-packagers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("app")
        for (path, text) in MinimalApp.files {
            let url = app.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let script = """
            import os, shutil, subprocess, zipfile
            os.chdir('\(app.path)')
            subprocess.run(['zip', '-qr', '../zip-r.ma', '.'], check=True)
            subprocess.run(['zip', '-qr', '-0', '-X', '../zip-stored.ma', '.'], check=True)
            for compression, name in [(zipfile.ZIP_DEFLATED, '../python.ma'), (zipfile.ZIP_STORED, '../python-stored.ma')]:
                with zipfile.ZipFile(name, 'w', compression) as z:
                    for root, _, files in os.walk('.'):
                        for f in sorted(files):
                            z.write(os.path.join(root, f), os.path.relpath(os.path.join(root, f), '.'))
            shutil.make_archive('../shutil', 'zip', '.')
            os.rename('../shutil.zip', '../shutil.ma')
            """
        let python = try await TestProcess.run(tool: "python3", ["-c", script])
        #expect(python.status == 0, "\(python.standardError)")
        var packages: [(name: String, bytes: [UInt8])] = []
        for name in ["zip-r.ma", "zip-stored.ma", "python.ma", "python-stored.ma", "shutil.ma"] {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            #expect(PackageVerifier.verify(bytes).failureMessages == [], "\(name)")
            packages.append((name, bytes))
        }
        #expect(try await Self.compare(packages) == 5)
    }
}
