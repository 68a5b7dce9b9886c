import Foundation

/// Reads an opened file whole, once its size is known from `fstat` and checked against a
/// limit: one buffer of that size, filled by `read(2)` (EINTR retried). Shared by the project
/// loader and `verify`'s package reader, which both judge the descriptor, not the path.
enum DescriptorReading {
    /// The file's bytes; fewer than `size` when it shrank while it was read; nil on a read error.
    static func readAll(_ descriptor: Int32, size: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: size)
        var total = 0
        while total < size {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Foundation.read(descriptor, buffer.baseAddress! + total, size - total)
            }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            total += count
        }
        return total == size ? bytes : Array(bytes[..<total])
    }
}
