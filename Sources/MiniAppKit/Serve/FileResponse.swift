import HTTPTypes
import Hummingbird
import NIOCore

/// A catalog file sent as nginx sends a static file, so a host sees the same answer from
/// `mactl catalog serve`, nginx and a CDN (docs/catalog.md, "Files"): nginx's ETag
/// (`"<mtime hex>-<size hex>"`), `Last-Modified`, `Accept-Ranges: bytes`, one byte range, the
/// conditional requests of RFC 9110 §13.2.2 and HEAD. The body is read from the open file as
/// it is sent, and only the bytes a range asks for.
public enum FileResponse {
    /// Files up to this size are read in one piece before the answer starts; larger ones go
    /// out in pieces of this size, so a download holds no more than one in memory.
    static let pieceBytes = 256 * 1024

    public static func make(
        for request: Request, file: CatalogFolder.OpenFile, contentType: String, cacheControl: String
    ) throws -> Response {
        let etag = "\"\(String(file.modified, radix: 16))-\(String(file.size, radix: 16))\""
        let lastModified = HTTPDate.string(file.modified)
        var headers: HTTPFields = [.contentType: contentType, .lastModified: lastModified, .eTag: etag, .cacheControl: cacheControl]
        switch precondition(request.headers, etag: etag, modified: file.modified) {
        case .failed:
            return Response(status: .preconditionFailed, headers: [.contentLength: "0", .eTag: etag, .lastModified: lastModified])
        case .notModified:
            return Response(status: .notModified, headers: headers.filter { $0.name != .contentType })
        case .proceed:
            break
        }
        var range = 0..<file.size
        var status = HTTPResponse.Status.ok
        if let header = request.headers[.range], rangeApplies(request.headers[.ifRange], etag: etag, lastModified: lastModified) {
            switch ByteRange.parse(header, size: file.size) {
            case .satisfiable(let bounds):
                range = bounds
                status = .partialContent
                headers[.contentRange] = "bytes \(bounds.lowerBound)-\(bounds.upperBound - 1)/\(file.size)"
            case .unsatisfiable:
                return Response(
                    status: .rangeNotSatisfiable,
                    headers: [.contentType: "application/json", .contentRange: "bytes */\(file.size)", .cacheControl: "no-cache"],
                    body: .init(
                        byteBuffer: ByteBuffer(
                            bytes: CatalogFiles.encode([
                                "error": "the range '\(header)' is malformed or outside the file's \(file.size) bytes"
                            ]))))
            case .ignored:
                break
            }
        }
        // As nginx: ranges are offered on a whole file's answer only.
        if status == .ok { headers[.acceptRanges] = "bytes" }
        headers[.contentLength] = String(range.count)
        if request.method == .head {
            return Response(status: status, headers: headers)
        }
        return Response(status: status, headers: headers, body: try body(of: file, range: range))
    }

    /// The bytes of `range`: read now when small, else as the client takes them.
    private static func body(of file: CatalogFolder.OpenFile, range: Range<Int>) throws -> ResponseBody {
        if range.count <= pieceBytes {
            return ResponseBody(byteBuffer: try piece(of: file, from: range.lowerBound, count: range.count))
        }
        return ResponseBody(contentLength: range.count) { writer in
            var offset = range.lowerBound
            while offset < range.upperBound {
                let count = min(pieceBytes, range.upperBound - offset)
                try await writer.write(try piece(of: file, from: offset, count: count))
                offset += count
            }
            try await writer.finish(nil)
        }
    }

    /// Fewer bytes than the answer's Content-Length promised would leave the client waiting or
    /// reading the next answer as this one's end; the connection is closed instead.
    struct FileShrank: Error {}

    private static func piece(of file: CatalogFolder.OpenFile, from offset: Int, count: Int) throws -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: count)
        let read = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { bytes in
            file.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[0..<count]), at: offset)
        }
        guard read == count else { throw FileShrank() }
        return buffer
    }

    enum Precondition: Equatable { case proceed, notModified, failed }

    /// RFC 9110 §13.2.2, in its order: If-Match, else If-Unmodified-Since (412 when they fail);
    /// then If-None-Match, else If-Modified-Since (304). A date that is not an IMF-fixdate is
    /// ignored, as the RFC asks.
    static func precondition(_ headers: HTTPFields, etag: String, modified: Int) -> Precondition {
        if let ifMatch = headers[.ifMatch] {
            if !entityTags(ifMatch).contains(where: { $0 == "*" || $0 == etag }) { return .failed }
        } else if let date = headers[.ifUnmodifiedSince].flatMap(HTTPDate.seconds), modified > date {
            return .failed
        }
        if let ifNoneMatch = headers[.ifNoneMatch] {
            // Weak comparison: W/"x" matches "x".
            if entityTags(ifNoneMatch).contains(where: { $0 == "*" || $0 == etag || $0 == "W/" + etag }) { return .notModified }
        } else if let date = headers[.ifModifiedSince].flatMap(HTTPDate.seconds), modified <= date {
            return .notModified
        }
        return .proceed
    }

    /// The entity tags of a comma-separated list (HTTPFields joins repeated fields with ", ").
    private static func entityTags(_ list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// If-Range: the range is sent only when the validator still matches, strongly (an ETag)
    /// or exactly (a date); otherwise the whole file, which a resuming client then replaces.
    private static func rangeApplies(_ ifRange: String?, etag: String, lastModified: String) -> Bool {
        guard let ifRange else { return true }
        let value = ifRange.trimmingCharacters(in: .whitespaces)
        return value == etag || value == lastModified
    }
}

/// One `Range` header against a file of `size` bytes, as nginx reads it.
public enum ByteRange: Equatable, Sendable {
    case satisfiable(Range<Int>)
    /// Outside the file, or a malformed `bytes=` range: 416, as nginx answers both.
    case unsatisfiable
    /// Another unit, several ranges or an empty `bytes=`: the whole file is sent, which RFC
    /// 9110 §14.2 allows (nginx answers several ranges with a multipart body).
    case ignored

    /// One `bytes=first-last`, `bytes=first-` or `bytes=-suffix` range (RFC 9110 §14.1.2).
    public static func parse(_ header: String, size: Int) -> ByteRange {
        guard header.hasPrefix("bytes="), !header.contains(",") else { return .ignored }
        let spec = header.dropFirst(6).trimmingCharacters(in: .whitespaces)
        if spec.isEmpty { return .ignored }
        let sides = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard sides.count == 2, sides.allSatisfy({ $0.utf8.allSatisfy { (48...57).contains($0) } }) else { return .unsatisfiable }
        // Digits past Int's range name a byte no file reaches.
        func number(_ digits: String) -> Int? { digits.isEmpty ? nil : (Int(digits) ?? Int.max) }
        switch (number(sides[0]), number(sides[1])) {
        case (let first?, let last?):
            guard first <= last, first < size else { return .unsatisfiable }
            return .satisfiable(first..<(min(last, size - 1) + 1))
        case (let first?, nil):
            guard first < size else { return .unsatisfiable }
            return .satisfiable(first..<size)
        case (nil, let suffix?):
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            return .satisfiable(max(0, size - min(suffix, size))..<size)
        case (nil, nil):
            return .unsatisfiable
        }
    }
}
