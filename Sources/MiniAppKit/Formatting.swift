import Foundation
#if canImport(Glibc)
import Glibc
#endif

// How numbers and bytes are written in messages, reports and output: one place, so every
// command writes a size, a digest or an id the same way.

/// Sizes for messages: `1.5 MB`, `200 KB`, `512 B` (1024-based, as platforms count).
public enum ByteSize {
    public static func format(_ bytes: Int) -> String {
        if bytes >= 1024 * 1024 { return trimmed(Double(bytes) / 1024 / 1024) + " MB" }
        if bytes >= 1024 { return trimmed(Double(bytes) / 1024) + " KB" }
        return "\(bytes) B"
    }

    private static func trimmed(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

/// Numbers read from a file, written back as short as they go: `48`, `0.5`, `-960`.
enum NumberText {
    static func short(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// A share as a whole percentage: `0.347` is `35%`; above 0 and under 1% is `<1%`.
    static func percent(_ share: Double) -> String {
        if share > 0, share < 0.005 { return "<1%" }
        return "\(Int((share * 100).rounded()))%"
    }
}

/// Lowercase hex, as digests and fingerprints are shown in reports and output.
enum Hex {
    /// Lowercase hex, two digits a byte. Written out by hand: `String(format:)` per byte made
    /// hashing 700 files' names cost more than hashing their 30 MB.
    static func string<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var digits: [UInt8] = []
        digits.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            digits.append(hexDigits[Int(byte >> 4)])
            digits.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: digits, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}

extension Hex {
    /// A CRC-32 as eight hex digits.
    static func crc(_ value: UInt32) -> String {
        String(format: "%08x", value)
    }
}

/// A moment as RFC 3339 in UTC, to the second (`2026-11-26T22:01:23Z`): the one form catalog
/// files and certificate validity are written in.
public enum InternetTimestamp {
    public static func string(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}

/// HTTP's date format, IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110 §5.6.7): what
/// `Last-Modified` carries and what `If-Modified-Since`, `If-Unmodified-Since` and `If-Range`
/// are compared with. Written and read by hand, not through a locale.
public enum HTTPDate {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The date of `seconds` since 1970, UTC.
    public static func string(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekdays[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    /// The seconds since 1970 an IMF-fixdate names, or nil for anything else: RFC 9110 has a
    /// recipient ignore a conditional header whose date it cannot read.
    public static func seconds(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        // "Sun, 06 Nov 1994 08:49:37 GMT" is 29 bytes at fixed places.
        guard bytes.count == 29, bytes[3] == UInt8(ascii: ","), bytes[4] == 32, bytes[7] == 32, bytes[11] == 32, bytes[16] == 32,
            bytes[19] == UInt8(ascii: ":"), bytes[22] == UInt8(ascii: ":"), bytes[25] == 32,
            String(decoding: bytes[26...], as: UTF8.self) == "GMT",
            weekdays.contains(String(decoding: bytes[0..<3], as: UTF8.self)),
            let month = months.firstIndex(of: String(decoding: bytes[8..<11], as: UTF8.self)),
            let day = number(bytes[5..<7]), let year = number(bytes[12..<16]), let hour = number(bytes[17..<19]),
            let minute = number(bytes[20..<22]), let second = number(bytes[23..<25]),
            (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        return Int(timegm(&parts))
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for digit in digits {
            guard (48...57).contains(digit) else { return nil }
            value = value * 10 + Int(digit - 48)
        }
        return value
    }
}

extension String {
    /// `201` padded to 4 with "0" → `0201`: hex ids and CRCs are written with a fixed width.
    public func leftPadded(to length: Int, with character: Character = "0") -> String {
        count >= length ? self : String(repeating: character, count: length - count) + self
    }
}

/// A string as a double-quoted literal of a C-family language (JSON, Swift): `"`, `\`, LF, CR
/// and tab as `\"`, `\\`, `\n`, `\r`, `\t`, the other control characters as `controlEscape`
/// spells them (JSON's `\u001f`, Swift's `\u{1f}`), everything else as it is.
package enum QuotedLiteral {
    package static func write(_ text: String, into output: inout String, controlEscape: (UInt32) -> String) {
        output += "\""
        // Every character escaped is ASCII, so the text between two of them is copied whole: a
        // script of a megabyte is a few appends, not a million.
        let bytes = text.utf8
        var runStart = bytes.startIndex
        var index = runStart
        while index != bytes.endIndex {
            let byte = bytes[index]
            let escape: String? =
                switch byte {
                case UInt8(ascii: "\""): "\\\""
                case UInt8(ascii: "\\"): "\\\\"
                case UInt8(ascii: "\n"): "\\n"
                case UInt8(ascii: "\r"): "\\r"
                case UInt8(ascii: "\t"): "\\t"
                case 0x00..<0x20, 0x7F: controlEscape(UInt32(byte))
                default: nil
                }
            if let escape {
                output += text[runStart..<index]
                output += escape
                runStart = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        output += text[runStart..<index]
        output += "\""
    }
}

/// Text put into XML or HTML, in an attribute or between tags: the JUnit report, the
/// screenshots page, the scaffold's templates. `&`, `<`, `>` and `"` become references, a line
/// break `&#10;` (an attribute keeps it so), and the control characters XML 1.0 cannot hold at
/// all are left out.
package enum XMLText {
    package static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "&#10;"
            case _ where scalar.value < 0x20 && scalar != "\t": continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
