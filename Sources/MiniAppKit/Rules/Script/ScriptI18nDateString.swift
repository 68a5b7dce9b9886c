/// `skip.i18n.d('2024-01-15')`: a string, which `Intl.DateTimeFormat.format` cannot format.
public struct ScriptI18nDateString: Rule {
    public static let description = RuleDescription(
        id: "script-i18n-date-string", domain: .script, severity: .error,
        summary: "'i18n.d' is given a date string, which the runtime cannot format.",
        rationale: """
            SkipMiniApp's `i18n.d(x)` hands `x` as it is to \
            `new Intl.DateTimeFormat(locale, {}).format(x)`, which converts it to a number: a \
            string such as `'2024-01-15'` is NaN, a RangeError, and on iOS the call returns \
            `undefined` instead of the formatted date (on Android an empty string). Pass a \
            `Date` (it reaches the formatter unchanged) or a timestamp in milliseconds. The \
            fix-it wraps an ISO date in `new Date(…)`; a date without a time gets `T00:00`, \
            because `new Date('2024-01-15')` is midnight UTC and shows the day before in \
            time zones west of UTC. A string of digits is a timestamp and formats. Strings \
            written in the call or as a top-level `const` are checked. Runtimes whose host \
            calls mactl does not model (`w3c`) are not.
            """,
        runtimeFacts: ["skip.i18n-date-value"],
        triggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onShow() {\n    this.setData({ title: skip.i18n.d(1️⃣'2024-01-15') });\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'skip.i18n.d' cannot format the string '2024-01-15': on iOS it returns undefined instead of the date; pass a Date, as in new Date('2024-01-15T00:00')"
                    ).fixIt("new Date('2024-01-15T00:00')")
                ]),
            .file(
                "pages/index/index.js",
                "const RELEASE = 'March 3, 2024';\nPage({\n  data: { title: 'Hello' },\n  onShow() {\n    this.setData({ title: skip.i18n.d(1️⃣RELEASE) });\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'skip.i18n.d' cannot format the string 'March 3, 2024' ('RELEASE'): on iOS it returns undefined instead of the date; pass a Date or a timestamp in milliseconds"
                    )
                ]),
        ],
        nonTriggering: [
            // A Date, a timestamp (number or digits), no argument (now), and a value of unknown type.
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello', day: '2024-01-15' },\n  onShow() {\n    this.setData({ title: skip.i18n.d(Date.now()) + skip.i18n.d(new Date('2024-01-15T00:00')) + skip.i18n.d('1705276800000') + skip.i18n.d() + skip.i18n.d(this.data.day) });\n  },\n});\n"
            ),
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  onShow() {\n    this.setData({ title: skip.i18n.d('2024-01-15') });\n  },\n});\n"
                    )
                ],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    /// The largest time value a `Date` holds (ECMAScript TimeClip), in milliseconds.
    static let maximumTime = 8.64e15

    public func check(_ model: ProjectModel) -> [Finding] {
        model.nativeHostCalls(["i18n.d"]).flatMap { script, calls, values -> [Finding] in
            return calls.compactMap { call -> Finding? in
                guard let date = call.argument(0) else { return nil }
                let resolved = values.value(at: date.range)
                guard case .string(let text) = resolved.value else { return nil }
                let time = JavaScriptNumber.value(ofString: text)
                guard !(abs(time) <= Self.maximumTime) else { return nil }
                let span = script.span(date.range)
                let named = resolved.constant.map { " ('\($0)')" } ?? ""
                let start = "'\(call.name)' cannot format the string '\(text)'\(named): on iOS it returns undefined instead of the date"
                // Only a literal written in the call is rewritten; a constant may be used elsewhere.
                if resolved.constant == nil, let replacement = Self.dateExpression(for: text, literal: values.text(date.range)) {
                    return Finding(
                        "\(start); pass a Date, as in \(replacement)", at: span,
                        fixIt: FixIt(message: "wrap the string in 'new Date(…)'", span: span, replacement: replacement))
                }
                return Finding("\(start); pass a Date or a timestamp in milliseconds", at: span)
            }
        }
    }

    /// `new Date(…)` of the literal when `text` is an ISO date (`2024-01-15`, with a time
    /// `2024-01-15T10:30`, seconds, milliseconds, `Z` or an offset) naming a real day and time;
    /// a date alone gets `T00:00` so that it is local midnight. Nil otherwise, or when the
    /// literal has escapes.
    static func dateExpression(for text: String, literal: String) -> String? {
        guard let form = ISODate(text), literal.count == text.count + 2, let quote = literal.first, literal.last == quote,
            quote == "'" || quote == "\""
        else { return nil }
        let mark = String(quote)
        return "new Date(" + mark + text + (form.hasTime ? "" : "T00:00") + mark + ")"
    }

    /// The ECMAScript date time string format, restricted to a full date: `YYYY-MM-DD`
    /// optionally followed by `THH:mm`, `:ss`, `.sss` and `Z` or `±HH:mm`.
    struct ISODate {
        var hasTime: Bool

        init?(_ text: String) {
            let characters = Array(text.utf8)
            func number(_ range: Range<Int>) -> Int? {
                guard range.upperBound <= characters.count else { return nil }
                var value = 0
                for byte in characters[range] {
                    guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                    value = value * 10 + Int(byte - UInt8(ascii: "0"))
                }
                return value
            }
            func isByte(_ index: Int, _ character: Character) -> Bool {
                index < characters.count && characters[index] == character.asciiValue
            }
            guard let year = number(0..<4), isByte(4, "-"), let month = number(5..<7), isByte(7, "-"), let day = number(8..<10),
                (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, year: year)
            else { return nil }
            var index = 10
            hasTime = index < characters.count
            if hasTime {
                guard isByte(index, "T"), let hour = number(11..<13), isByte(13, ":"), let minute = number(14..<16), minute < 60
                else { return nil }
                index = 16
                var second = 0
                var millisecond = 0
                if isByte(index, ":") {
                    guard let value = number(17..<19), value < 60 else { return nil }
                    second = value
                    index = 19
                    if isByte(index, ".") {
                        guard let value = number(20..<23) else { return nil }
                        millisecond = value
                        index = 23
                    }
                }
                // 24:00 is the end of the day and allowed; nothing later.
                guard hour < 24 || (hour == 24 && minute == 0 && second == 0 && millisecond == 0) else { return nil }
                if isByte(index, "Z") {
                    index += 1
                } else if isByte(index, "+") || isByte(index, "-") {
                    guard let offsetHour = number(index + 1..<index + 3), offsetHour < 24, isByte(index + 3, ":"),
                        let offsetMinute = number(index + 4..<index + 6), offsetMinute < 60
                    else { return nil }
                    index += 6
                }
            }
            guard index == characters.count else { return nil }
        }

        static func days(inMonth month: Int, year: Int) -> Int {
            switch month {
            case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
            case 4, 6, 9, 11: return 30
            default: return 31
            }
        }
    }
}
