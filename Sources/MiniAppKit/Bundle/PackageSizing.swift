/// The size of the package `pack` would write for a plan, unsigned, worked out with the least
/// work that gives it exactly: what lint's budget check (`PackageOverBudget`) reports.
///
/// Each file's entry is what `Packer.bundle` would make of it. A file the pack cache holds
/// (same bytes, same `minify`) takes the cache's size. Any other file is transformed as pack
/// transforms it; a file pack would store (compressed media the probe finds incompressible)
/// is its own size, with no deflate; the rest are deflated as pack deflates them, at the same
/// level, keeping only the length. The archive's size then follows from the entries' sizes
/// (`ArchiveWriter.archiveSize`): nothing is written, no CRC-32 or SHA-256 computed.
public enum PackageSizing {
    public struct Measured: Sendable {
        /// The archive's size in bytes, unsigned.
        public var size: Int
        public var entries: [EntrySize]
    }

    /// Nil when pack would refuse to write the archive (a name or size `ArchiveWriter` refuses).
    public static func measure(
        _ plan: BundlePlan, of input: PackInput, minify: Bool, cached: [String: PackCache.Entry]
    ) -> Measured? {
        let pages = Dictionary((input.model?.pages ?? []).map { ($0.templatePath, $0) }, uniquingKeysWith: { first, _ in first })
        let documents = Dictionary((input.model?.jsonDocuments ?? []).map { ($0.file.path, $0) }, uniquingKeysWith: { first, _ in first })
        let entries = ParallelMap.mapLargestFirst(plan.shipped) { shipped in
            let size = input.project.file(shipped.path)?.bytes.count ?? 0
            return ArchiveEntry.isCompressedMedia(shipped.path) ? size : size * 8
        } makeContext: {
            Deflater()
        } transform: { deflater, shipped -> EntrySize? in
            guard let file = input.project.file(shipped.path) else { return nil }
            // Hashing a file only pays when there is a cache entry to match it with.
            if let entry = cached[shipped.path], entry.matches(digest: file.sha256, minify: minify) {
                return EntrySize(entry.compressed)
            }
            let (entry, _) = Packer.archiveEntry(
                for: file, minify: minify, page: pages[shipped.path], document: documents[shipped.path], deflater: deflater)
            let deflated = entry.method == .deflate ? deflater.deflatedSize(entry.bytes) : nil
            return EntrySize(
                path: entry.path, size: entry.bytes.count, compressedSize: deflated ?? entry.bytes.count,
                method: deflated == nil ? .store : .deflate)
        }.compactMap { $0 }
        do throws(ArchiveError) {
            try ArchiveWriter.checkNames(entries.map(\.path))
            try ArchiveWriter.checkLimits(sizes: entries.map { ($0.path, $0.size) })
        } catch {
            return nil
        }
        return Measured(size: ArchiveWriter.archiveSize(entries), entries: entries)
    }
}
