import Foundation

/// The one modification time every entry of a package gets, as an MS-DOS date and time.
/// `SOURCE_DATE_EPOCH` (reproducible-builds.org) sets it; otherwise it is 1980-01-01 00:00,
/// the earliest DOS time, so that a package never records when it was built.
public struct ArchiveTimestamp: Sendable, Equatable {
    public var dosDate: UInt16
    public var dosTime: UInt16
    /// The moment as seconds since 1970, clamped to what DOS can hold: also the start of a
    /// self-signed certificate's validity, so both come from one reading of the environment.
    public var secondsSinceEpoch: Int

    public static let fixed = ArchiveTimestamp(secondsSinceEpoch: 315_532_800)

    /// The DOS date and time of `seconds` since 1970 in UTC (never the local zone), clamped
    /// to the range DOS can hold (1980–2107); seconds round down to even, as DOS stores them.
    public init(secondsSinceEpoch seconds: Int) {
        let clamped = max(315_532_800, min(seconds, 4_354_819_198))
        secondsSinceEpoch = clamped
        var time = time_t(clamped)
        var parts = tm()
        gmtime_r(&time, &parts)
        let year: Int = Int(parts.tm_year) + 1900 - 1980
        let month: Int = Int(parts.tm_mon) + 1
        let day: Int = Int(parts.tm_mday)
        dosDate = UInt16((year << 9) | (month << 5) | day)
        let hour: Int = Int(parts.tm_hour)
        let minute: Int = Int(parts.tm_min)
        let second: Int = Int(parts.tm_sec) / 2
        dosTime = UInt16((hour << 11) | (minute << 5) | second)
    }

    /// From `SOURCE_DATE_EPOCH` when it is set, else `fixed`.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ArchiveError) -> ArchiveTimestamp {
        guard let value = environment["SOURCE_DATE_EPOCH"] else { return .fixed }
        guard let seconds = Int(value.trimmingCharacters(in: .whitespaces)), seconds >= 0 else {
            throw ArchiveError("SOURCE_DATE_EPOCH must be a number of seconds since 1970, found '\(value)'")
        }
        return ArchiveTimestamp(secondsSinceEpoch: seconds)
    }
}
