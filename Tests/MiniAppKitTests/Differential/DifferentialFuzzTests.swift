import Foundation
import Testing
@testable import MiniAppKit

/// The differential fuzz of `verify` (issue 38; docs/fuzzing.md): seeded packages with hostile
/// names, entry types and signing blocks. For every one `verify` accepts, libzip (with and
/// without `ZIP_CHECKCONS`), the runtime's join, Python's zipfile (reading and extracting) and
/// Info-ZIP `unzip` (extracting) must read exactly the files it checked, inside their folder,
/// and its signing block must be exactly what its one signer writes.
/// `MACTL_DIFFERENTIAL_COUNT` and `MACTL_DIFFERENTIAL_SEED` set the run;
/// `scripts/differential-fuzz.sh` runs it with a new seed.
struct DifferentialFuzzTests {
    static var count: Int { ProcessInfo.processInfo.environment["MACTL_DIFFERENTIAL_COUNT"].flatMap(Int.init) ?? 600 }
    static var seed: UInt64 { ProcessInfo.processInfo.environment["MACTL_DIFFERENTIAL_SEED"].flatMap { UInt64($0) } ?? 38 }

    struct Accepted {
        var index: Int
        var package: DifferentialPackageGenerator.Package
        var files: PackageReaders.Reading
        var path: String
    }

    @Test func everyReaderReadsWhatVerifyAccepted() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-differential-\(UUID().uuidString)")
        let work = folder.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        var generator = DifferentialPackageGenerator(seed: Self.seed)
        var accepted: [Accepted] = []
        var tally: [DifferentialPackageGenerator.Kind: (accepted: Int, refused: Int)] = [:]
        var refusedIDs: [String: Int] = [:]
        var disagreements: [String] = []
        for index in 0..<Self.count {
            let package = try generator.package()
            let report = PackageVerifier.verify(package.bytes)
            let passed = report.failures.isEmpty
            for kind in Set(package.kinds) {
                tally[kind, default: (0, 0)].accepted += passed ? 1 : 0
                tally[kind, default: (0, 0)].refused += passed ? 0 : 1
            }
            guard passed else {
                for failure in report.failures { refusedIDs[failure.id, default: 0] += 1 }
                continue
            }
            let files = PackageReaders.verified(report.files)
            let describe = "package \(index) of seed \(Self.seed) (\(package.steps.joined(separator: "; ")))"
            let inProcess: [(String, Result<PackageReaders.Reading, PackageReaders.Problem>)] = [
                ("libzip (ZIP_CHECKCONS)", PackageReaders.libzip(package.bytes, checkConsistency: true)),
                ("libzip", PackageReaders.libzip(package.bytes, checkConsistency: false)),
                ("the runtime's join", PackageReaders.runtimeJoin(package.bytes)),
            ]
            for (reader, reading) in inProcess {
                if let problem = Self.disagreement(reading, files) { disagreements.append("\(describe): \(reader) \(problem)") }
            }
            if let problem = Self.unreadBlockBytes(package.bytes) { disagreements.append("\(describe): \(problem)") }
            let path = folder.appendingPathComponent("p\(index).ma").path
            try Data(package.bytes).write(to: URL(fileURLWithPath: path))
            accepted.append(Accepted(index: index, package: package, files: files, path: path))
        }
        let external = try await PackageReaders.external(accepted.map(\.path), work: work)
        for package in accepted {
            let describe = "package \(package.index) of seed \(Self.seed) (\(package.package.steps.joined(separator: "; ")))"
            guard let readings = external[package.path] else {
                disagreements.append("\(describe): python printed nothing for it")
                continue
            }
            for (reader, reading) in [
                ("Python's zipfile", readings.zipfile), ("zipfile.extractall", readings.zipfileExtract), ("unzip", readings.unzip),
            ] {
                if let problem = Self.disagreement(reading, package.files) { disagreements.append("\(describe): \(reader) \(problem)") }
            }
        }
        let summary = DifferentialPackageGenerator.Kind.allCases.map {
            "\($0.rawValue) \(tally[$0]?.accepted ?? 0)/\(tally[$0]?.refused ?? 0)"
        }
        print(
            "differential: seed \(Self.seed), \(Self.count) packages, \(accepted.count) accepted and read by 6 readers; accepted/refused by kind: \(summary.joined(separator: ", ")); refused by id: \(refusedIDs.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))"
        )
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5).joined(separator: "\n"))")
        // The run must have tested something: each kind made packages, and both verdicts occur
        // often enough that the readers saw hostile shapes verify let through.
        for kind in DifferentialPackageGenerator.Kind.allCases {
            let counts = tally[kind] ?? (0, 0)
            #expect(counts.accepted + counts.refused >= Self.count / 20, "\(kind.rawValue) made too few packages")
        }
        #expect(accepted.count >= Self.count / 10)
        #expect(accepted.count <= Self.count * 9 / 10)
    }

    /// No reader looks into the signing block, so bytes there that no check read cannot show
    /// as a disagreement: the block written again from what verify read (its one signer) must
    /// be the block, byte for byte.
    static func unreadBlockBytes(_ bytes: [UInt8]) -> String? {
        guard let layout = try? ZipLayout.read(bytes), layout.isSigned else { return nil }
        let block = Array(bytes[layout.entriesEnd..<layout.centralDirectoryOffset])
        guard let (_, pairs) = try? SigningBlock.parse(bytes, endingAt: layout.centralDirectoryOffset),
            let signer = try? SigningBlock.signer(in: SigningBlock.developerSignature(in: pairs))
        else {
            return "verify accepted a signing block it cannot read"
        }
        let written = SigningBlock.block(
            signedData: signer.signedData, signature: signer.signature, algorithm: signer.algorithm, publicKey: signer.publicKey)
        return written == block
            ? nil : "the signing block holds \(block.count - written.count) bytes more than its signer, bytes no check read"
    }

    static func disagreement(
        _ reading: Result<PackageReaders.Reading, PackageReaders.Problem>, _ expected: PackageReaders.Reading
    ) -> String? {
        switch reading {
        case .failure(let problem): return "fails: \(problem)"
        case .success(let files) where files == expected: return nil
        case .success(let files):
            let extra = files.keys.filter { expected[$0] == nil }.map { String(decoding: $0, as: UTF8.self) }.sorted()
            let missing = expected.keys.filter { files[$0] == nil }.map { String(decoding: $0, as: UTF8.self) }.sorted()
            let changed = expected.keys.filter { files[$0] != nil && files[$0] != expected[$0] }.map { String(decoding: $0, as: UTF8.self) }
                .sorted()
            return "reads other files: extra \(extra), missing \(missing), other bytes \(changed)"
        }
    }
}
