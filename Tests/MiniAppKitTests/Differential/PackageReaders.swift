import Crypto
import Foundation
@testable import MiniAppKit

/// How each consumer reads a package, as a map from the name's bytes to the SHA-256 of what it
/// reads, or why it could not read it. `verify` is right only if, for every package it
/// accepts, all of these are the map it checked.
enum PackageReaders {
    typealias Reading = [[UInt8]: String]

    static func sha(_ bytes: [UInt8]) -> String { Hex.string(SHA256.hash(data: bytes)) }

    static func isDirectory(_ name: [UInt8]) -> Bool { name.last == UInt8(ascii: "/") }

    /// The files `verify` accepted.
    static func verified(_ files: [SourceFile]) -> Reading {
        Dictionary(files.map { (Array($0.path.utf8), sha($0.bytes)) }, uniquingKeysWith: { first, _ in first })
    }

    /// libzip, opened as `verify` opens it (`ZIP_CHECKCONS`) or as most programs do.
    static func libzip(_ bytes: [UInt8], checkConsistency: Bool) -> Result<Reading, Problem> {
        do {
            let reader = try ArchiveReader(bytes: bytes, checkConsistency: checkConsistency)
            var reading: Reading = [:]
            for entry in reader.entries where !isDirectory(entry.rawName) {
                guard reading[entry.rawName] == nil else { return .failure(Problem("reads '\(entry.name)' twice")) }
                reading[entry.rawName] = sha(try reader.read(entry, limit: Limits.fileSize))
            }
            return .success(reading)
        } catch {
            return .failure(Problem("cannot read it: \(error)"))
        }
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The runtime's extraction (docs/package-readers.md; docs/runtimes.md, skip.package-extracted-whole): every entry
    /// of the central directory in order, its name cut at the first NUL, written to
    /// folder + "/" + name with no check, the last one landing on a path winning. iOS volumes
    /// fold case and normalization, so two names that land on one file there are one file.
    static func runtimeJoin(_ bytes: [UInt8]) -> Result<Reading, Problem> {
        guard let layout = try? ZipLayout.read(bytes) else { return .failure(Problem("no layout")) }
        var reading: Reading = [:]
        var landed: [String: [UInt8]] = [:]
        for entry in layout.entries {
            let name = Array(entry.rawName.prefix { $0 != 0 })
            if name.isEmpty || isDirectory(name) { continue }
            // Lexically, as the kernel resolves folder + "/" + name.
            var stack: [ArraySlice<UInt8>] = []
            for segment in name.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
                if segment.isEmpty || segment.elementsEqual([UInt8(ascii: ".")]) { continue }
                if segment.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                    guard !stack.isEmpty else {
                        return .failure(Problem("'\(String(decoding: name, as: UTF8.self))' is written outside the folder"))
                    }
                    stack.removeLast()
                    continue
                }
                stack.append(segment)
            }
            let path = Array(stack.joined(separator: [UInt8(ascii: "/")]))
            guard let data = try? PackageEntries.data(bytes, entry) else { return .failure(Problem("cannot read '\(entry.name)'")) }
            let volumeKey = String(decoding: path, as: UTF8.self).lowercased().precomposedStringWithCanonicalMapping
            if let earlier = landed[volumeKey], earlier != path {
                return .failure(
                    Problem(
                        "'\(String(decoding: path, as: UTF8.self))' and '\(String(decoding: earlier, as: UTF8.self))' are one file on an iOS volume"
                    ))
            }
            landed[volumeKey] = path
            reading[path] = sha(data)
        }
        return .success(reading)
    }

    /// Python's zipfile (read and `extractall`) and Info-ZIP `unzip` (extracting), each package
    /// in its own folder, in one Python process for all of them. Extracted trees are walked
    /// without following links: a link, a special file or anything outside the folder is a
    /// problem.
    static let script = #"""
        import hashlib, json, os, shutil, stat, subprocess, sys, unicodedata, zipfile
        work = sys.argv[1]
        def sha(data): return hashlib.sha256(data).hexdigest()
        def hexname(name): return name.encode('utf-8', 'surrogateescape').hex()
        def walk(root):
            files, problems = {}, []
            for folder, folders, names in os.walk(root, followlinks=False):
                for name in folders + names:
                    full = os.path.join(folder, name)
                    relative = os.path.relpath(full, root)
                    mode = os.lstat(full).st_mode
                    if stat.S_ISLNK(mode): problems.append('a link ' + relative)
                    elif stat.S_ISREG(mode):
                        with open(full, 'rb') as f: files[hexname(relative)] = sha(f.read())
                    elif not stat.S_ISDIR(mode): problems.append('a special file ' + relative)
            return files, problems
        def folded(files):
            keys = {}
            for name in files:
                key = unicodedata.normalize('NFC', bytes.fromhex(name).decode('utf-8', 'surrogateescape').casefold())
                if key in keys: return 'two names fold to one file: %s, %s' % (keys[key], bytes.fromhex(name))
                keys[key] = bytes.fromhex(name)
            return None
        for index, path in enumerate(sys.argv[2:]):
            result = {'path': path}
            try:
                with zipfile.ZipFile(path) as z:
                    infos = [i for i in z.infolist() if not i.filename.endswith('/')]
                    names = [i.filename for i in infos]
                    result['zipfile'] = {hexname(i.filename): sha(z.read(i)) for i in infos}
                    if len(set(names)) != len(names): result['zipfile_problem'] = 'duplicate names'
                    base = os.path.join(work, 'z%d' % index)
                    inside = os.path.join(base, 'a', 'b', 'x')
                    z.extractall(inside)
                    files, problems = walk(inside)
                    result['zipfile_extract'] = files
                    if sorted(os.listdir(base)) != ['a'] or sorted(os.listdir(os.path.join(base, 'a'))) != ['b'] or sorted(os.listdir(os.path.join(base, 'a', 'b'))) != ['x']:
                        problems.append('wrote outside its folder')
                    result['zipfile_extract_problems'] = problems + ([folded(files)] if folded(files) else [])
                    shutil.rmtree(base)
            except Exception as error:
                result['zipfile_problem'] = 'error: %s' % error
            base = os.path.join(work, 'u%d' % index)
            inside = os.path.join(base, 'a', 'b', 'x')
            os.makedirs(inside)
            run = subprocess.run(['unzip', '-qq', '-o', path, '-d', inside], stdin=subprocess.DEVNULL, capture_output=True)
            files, problems = walk(inside)
            if run.returncode != 0: problems.append('unzip exited %d: %s' % (run.returncode, (run.stdout + run.stderr).decode('utf-8', 'replace').strip()[:300]))
            if sorted(os.listdir(base)) != ['a'] or sorted(os.listdir(os.path.join(base, 'a'))) != ['b'] or sorted(os.listdir(os.path.join(base, 'a', 'b'))) != ['x']:
                problems.append('wrote outside its folder')
            if folded(files): problems.append(folded(files))
            result['unzip'] = files
            result['unzip_problems'] = problems
            shutil.rmtree(base)
            print(json.dumps(result))
        """#

    struct ExternalReadings {
        var zipfile: Result<Reading, Problem>
        var zipfileExtract: Result<Reading, Problem>
        var unzip: Result<Reading, Problem>
    }

    /// What Python's zipfile and `unzip` read from each package file, by path.
    static func external(_ paths: [String], work: URL) async throws -> [String: ExternalReadings] {
        guard !paths.isEmpty else { return [:] }
        let output = try await ExternalTool.run("python3", ["-c", script, work.path] + paths)
        var results: [String: ExternalReadings] = [:]
        for line in output.split(separator: "\n") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let path = object["path"] as? String
            else {
                throw Problem("python printed '\(line)'")
            }
            func reading(_ key: String, problems: String) -> Result<Reading, Problem> {
                if let problem = object[problems] as? String { return .failure(Problem(problem)) }
                if let list = object[problems] as? [String], !list.isEmpty { return .failure(Problem(list.joined(separator: "; "))) }
                guard let files = object[key] as? [String: String] else { return .failure(Problem("no reading")) }
                return .success(Dictionary(uniqueKeysWithValues: files.map { (Self.bytes(hex: $0.key), $0.value) }))
            }
            results[path] = ExternalReadings(
                zipfile: reading("zipfile", problems: "zipfile_problem"),
                zipfileExtract: object["zipfile_problem"] != nil
                    ? reading("zipfile", problems: "zipfile_problem") : reading("zipfile_extract", problems: "zipfile_extract_problems"),
                unzip: reading("unzip", problems: "unzip_problems"))
        }
        return results
    }

    static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<($0 + 2)], as: UTF8.self), radix: 16)! }
    }
}
