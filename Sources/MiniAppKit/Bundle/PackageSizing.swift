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
        let entries = Packer.mapShipped(plan, of: input) { deflater, _, file, page, document -> EntrySize? in
            guard let file else { return nil }
            // Hashing a file only pays when there is a cache entry to match it with.
            if let entry = cached[file.path], entry.matches(digest: file.sha256, minify: minify) {
                return EntrySize(entry.compressed)
            }
            let (entry, _) = Packer.archiveEntry(for: file, minify: minify, page: page, document: document, deflater: deflater)
            let deflated = entry.method == .deflate ? deflater.deflatedSize(entry.bytes) : nil
            return EntrySize(
                path: entry.path, size: entry.bytes.count, compressedSize: deflated ?? entry.bytes.count,
                method: deflated == nil ? .store : .deflate)
        }
        do throws(ArchiveError) {
            try ArchiveWriter.checkNames(entries.map(\.path))
            try ArchiveWriter.checkLimits(sizes: entries.map { ($0.path, $0.size) })
        } catch {
            return nil
        }
        return Measured(size: ArchiveWriter.archiveSize(entries), entries: entries)
    }
}
