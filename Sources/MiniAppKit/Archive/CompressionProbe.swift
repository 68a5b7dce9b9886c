/// Whether deflate is worth trying on a file that claims to be compressed already: `sampleSize`
/// bytes from the middle of the file (past the headers and metadata, in the data that makes up
/// its bulk) are deflated at libdeflate's fastest level, and the file counts as compressible
/// when that shrinks them by a tenth or more. Compressed data (a PNG's usual IDAT, a JPEG's
/// scans) does not shrink at all; a PNG of stored deflate blocks, or a bitmap renamed, shrinks
/// by far more. A pure function of the bytes, so the package stays deterministic; the file is
/// still stored when deflating it whole does not shrink it (`CompressedEntry`).
enum CompressionProbe {
    static let sampleSize = 4 * 1024

    static func sample(of bytes: [UInt8]) -> ArraySlice<UInt8> {
        let start = max(0, (bytes.count - sampleSize) / 2)
        return bytes[start..<min(bytes.count, start + sampleSize)]
    }

    /// `deflater`: the worker's own, whose probe compressor is made once for all its files.
    static func looksCompressible(_ bytes: [UInt8], deflater: Deflater = Deflater()) -> Bool {
        let sample = sample(of: bytes)
        // Room for nine tenths of the sample: a stream that does not fit is not worth it.
        return deflater.deflatesWithin(sample, limit: sample.count * 9 / 10)
    }
}
