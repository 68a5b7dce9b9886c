import CZlib

/// Whether deflate is worth trying on a file that claims to be compressed already: `sampleSize`
/// bytes from the middle of the file (past the headers and metadata, in the data that makes up
/// its bulk) are deflated at zlib's fastest level, and the file counts as compressible when
/// that shrinks them by a tenth or more. Compressed data (a PNG's usual IDAT, a JPEG's scans)
/// does not shrink at all; a PNG of stored deflate blocks, or a bitmap renamed, shrinks by far
/// more. A pure function of the bytes, so the package stays deterministic; the file is still
/// stored when deflating it whole does not shrink it (`CompressedEntry`).
enum CompressionProbe {
    static let sampleSize = 4 * 1024

    static func sample(of bytes: [UInt8]) -> ArraySlice<UInt8> {
        let start = max(0, (bytes.count - sampleSize) / 2)
        return bytes[start..<min(bytes.count, start + sampleSize)]
    }

    static func looksCompressible(_ bytes: [UInt8]) -> Bool {
        let sample = sample(of: bytes)
        guard !sample.isEmpty else { return false }
        var stream = z_stream()
        guard deflateInit2_(&stream, 1, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else {
            return false
        }
        defer { deflateEnd(&stream) }
        // Output room for nine tenths of the sample: a stream that does not fit is not worth it.
        let budget = sample.count * 9 / 10
        var output = [UInt8](repeating: 0, count: max(budget, 1))
        let status: Int32 = sample.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(budget)
                return deflate(&stream, Z_FINISH)
            }
        }
        return status == Z_STREAM_END
    }
}
