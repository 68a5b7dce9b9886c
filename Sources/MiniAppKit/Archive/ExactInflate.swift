import CZlib

/// Inflates one entry from exactly its compressed bytes and nothing after them. The runtime's
/// reader does not bound a deflate stream by its compressed size: a stream with no final block
/// inside it runs on into the bytes that follow (a gap, the signing block), which nothing
/// signed. So a stream must end exactly at its compressed size and inflate to exactly its
/// declared size; then every reader reads the same bytes.
enum ExactInflate {
    /// The entry's bytes, or why they cannot be trusted.
    static func inflate(
        _ compressed: ArraySlice<UInt8>, declaredSize: Int, name: String, offset: Int
    ) throws(VerificationFailure) -> [UInt8] {
        var stream = z_stream()
        // -15: a raw deflate stream with a 32 KiB window, as ZIP stores it.
        guard inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw VerificationFailure(VerifyDiagnostic.data.id, "cannot start inflating entry '\(name)'")
        }
        defer { inflateEnd(&stream) }
        // One byte more than declared, to see a stream that inflates to more.
        var output = [UInt8](repeating: 0, count: declaredSize + 1)
        let status: Int32 = compressed.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(out.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        let produced = Int(stream.total_out)
        let unread = Int(stream.avail_in)
        if status == Z_STREAM_END {
            if unread > 0 {
                throw VerificationFailure(
                    VerifyDiagnostic.data.id,
                    "the deflate stream of entry '\(name)' (data at offset \(offset)) ends \(unread) bytes before its compressed size of \(compressed.count)"
                )
            }
            if produced != declaredSize {
                throw VerificationFailure(
                    VerifyDiagnostic.data.id,
                    "entry '\(name)' (data at offset \(offset)) inflates to \(produced) bytes, not the \(declaredSize) it declares")
            }
            output.removeLast()
            return output
        }
        if produced > declaredSize {
            throw VerificationFailure(
                VerifyDiagnostic.data.id,
                "entry '\(name)' (data at offset \(offset)) inflates to more than the \(declaredSize) bytes it declares")
        }
        if status == Z_BUF_ERROR || status == Z_OK {
            throw VerificationFailure(
                VerifyDiagnostic.data.id,
                "the deflate stream of entry '\(name)' (data at offset \(offset)) does not end within its \(compressed.count) compressed bytes; the runtime's reader would read on into the bytes that follow"
            )
        }
        let reason = stream.msg.map { String(cString: $0) } ?? "error \(status)"
        throw VerificationFailure(
            VerifyDiagnostic.data.id, "entry '\(name)' (data at offset \(offset)) is not a valid deflate stream: \(reason)")
    }

    /// The CRC-32 that ZIP headers store.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { buffer in
            UInt32(truncatingIfNeeded: CZlib.crc32(0, buffer.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(buffer.count)))
        }
    }
}
