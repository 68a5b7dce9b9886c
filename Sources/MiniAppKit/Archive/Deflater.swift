import CDeflate

/// One worker's libdeflate compressors, made once and used for every file the worker
/// deflates: a compressor at `level` holds its match finder's tables (hundreds of kilobytes),
/// which cost more to allocate than a small file costs to deflate. Not for two threads at
/// once; `ParallelMap` gives each worker its own. The compressors are freed with the object.
///
/// The streams are raw deflate (no zlib header), as a ZIP entry holds them. libdeflate's
/// output depends on its version and level only, so a package is the same bytes run to run
/// for one libdeflate version (the README names the one its figures were made with).
final class Deflater {
    /// The level every entry is deflated at. Measured on the speed app
    /// (`Benchmarks/make-speed-app.py`, the files pack deflates): level 7 gives 1.4 % fewer
    /// bytes than zlib at level 9 (`zip -9`) in a fifth of zlib's time; level 6 gives more
    /// bytes than zlib 9 on the scripts and templates, and 8 takes 2.4 times as long as 7
    /// for 2.4 % fewer bytes.
    static let level: Int32 = 7
    /// `CompressionProbe`'s level: the fastest, since the probe only asks "does it shrink?".
    static let probeLevel: Int32 = 1

    private let compressor: OpaquePointer?
    private var probeCompressor: OpaquePointer?
    /// Output room reused from file to file when only the size is wanted.
    private var scratch: [UInt8] = []

    init() {
        // Nil only when the allocation fails: every file is then stored, as zlib's failure was.
        compressor = libdeflate_alloc_compressor(Self.level)
    }

    deinit {
        if let compressor { libdeflate_free_compressor(compressor) }
        if let probeCompressor { libdeflate_free_compressor(probeCompressor) }
    }

    /// The raw deflate stream of `bytes`, or nil when it would not be smaller than `bytes`
    /// (the writer then stores the file) or the compressor could not be made.
    func deflate(_ bytes: [UInt8]) -> [UInt8]? {
        guard let compressor, !bytes.isEmpty else { return nil }
        let bound = libdeflate_deflate_compress_bound(compressor, bytes.count)
        var length = 0
        let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            length = bytes.withUnsafeBytes { input in
                libdeflate_deflate_compress(compressor, input.baseAddress, input.count, buffer.baseAddress, buffer.count)
            }
            count = length
        }
        guard length > 0, length < bytes.count else { return nil }
        // A copy of the stream's length: the buffer, sized for the worst case (the file's own
        // size and more), would otherwise stay allocated as long as the entry does.
        return Array(output[..<length])
    }

    /// The length `deflate` would give (nil when it gives nil), without keeping the stream:
    /// what the budget check needs. The output goes to one buffer reused for every file.
    func deflatedSize(_ bytes: [UInt8]) -> Int? {
        guard let compressor, !bytes.isEmpty else { return nil }
        let bound = libdeflate_deflate_compress_bound(compressor, bytes.count)
        if scratch.count < bound { scratch = [UInt8](repeating: 0, count: bound) }
        let length = bytes.withUnsafeBytes { input in
            scratch.withUnsafeMutableBytes { output in
                libdeflate_deflate_compress(compressor, input.baseAddress, input.count, output.baseAddress, output.count)
            }
        }
        return length > 0 && length < bytes.count ? length : nil
    }

    /// Whether `sample` deflates, at the fastest level, into `limit` bytes or fewer.
    func deflatesWithin(_ sample: ArraySlice<UInt8>, limit: Int) -> Bool {
        if probeCompressor == nil { probeCompressor = libdeflate_alloc_compressor(Self.probeLevel) }
        guard let probeCompressor, !sample.isEmpty, limit > 0 else { return false }
        var output = [UInt8](repeating: 0, count: limit)
        // libdeflate gives 0 when the stream does not fit in the room it is given.
        let length = sample.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                libdeflate_deflate_compress(probeCompressor, input.baseAddress, input.count, out.baseAddress, out.count)
            }
        }
        return length > 0
    }
}
