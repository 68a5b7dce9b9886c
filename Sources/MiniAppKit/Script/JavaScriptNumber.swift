/// JavaScript's number conversions, for values read from a script's literals: what
/// `JSValue.toDouble()` (JavaScriptCore's `ToNumber`) gives the host's native code, and
/// whether Swift's `Int(_:)` of that double traps.
enum JavaScriptNumber {
    /// `ToNumber(string)` (ECMAScript StringToNumber): white space around is ignored, an
    /// empty string is 0, `0x`/`0o`/`0b` integers take no sign, `Infinity` is spelt exactly,
    /// and anything else that is not a decimal literal is NaN (no `_` separators in strings).
    static func value(ofString string: String) -> Double {
        let scalars = Array(string.unicodeScalars)
        var start = 0
        var end = scalars.count
        while start < end, isWhiteSpace(scalars[start]) { start += 1 }
        while end > start, isWhiteSpace(scalars[end - 1]) { end -= 1 }
        let text = String(String.UnicodeScalarView(scalars[start..<end]))
        if text.isEmpty { return 0 }
        if let integer = prefixedInteger(text, separators: false) { return integer }
        var unsigned = Substring(text)
        var sign = 1.0
        if let first = unsigned.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            unsigned = unsigned.dropFirst()
        }
        if unsigned == "Infinity" { return sign * .infinity }
        guard isDecimalLiteral(unsigned), let magnitude = Double(String(unsigned)) else { return .nan }
        return sign * magnitude
    }

    /// The value of a numeric literal token as written in source (`12`, `1_000`, `0x1F`,
    /// `.5`, `1e3`, a legacy octal `017`); nil for a BigInt (`10n`) or text that is not one.
    static func value(ofLiteral literal: String) -> Double? {
        guard !literal.hasSuffix("n") else { return nil }
        if let integer = prefixedInteger(literal, separators: true) { return integer }
        let digits = String(literal.filter { $0 != "_" })
        // `017` is octal in sloppy mode; `019` is decimal (it has a digit octal lacks).
        if digits.count > 1, digits.hasPrefix("0"), digits.allSatisfy(\.isASCIIDigit) {
            if digits.allSatisfy({ $0 < "8" }) { return integer(digits.dropFirst(), radix: 8) }
            return Double(digits)
        }
        guard isDecimalLiteral(Substring(digits)) else { return nil }
        return Double(digits)
    }

    /// Whether Swift's `Int(value)` traps: NaN, an infinity, or a value whose whole part is
    /// outside `Int`'s range (64 bits on every platform SkipMiniApp runs on).
    static func intConversionTraps(_ value: Double) -> Bool {
        // -2^63 is an Int and the next double below it is not; 2^63 is the first too large.
        !(value >= -9_223_372_036_854_775_808.0 && value < 9_223_372_036_854_775_808.0)
    }

    /// How a number prints in messages: `NaN`, `Infinity`, `-Infinity`, `1e+21`.
    static func describe(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == value.rounded(), abs(value) < 9e15 { return String(Int64(value)) }
        return String(value)
    }

    /// What a conversion gave, for messages: `NaN`, `Infinity`, or a number beyond `Int`.
    static func describeConversion(_ value: Double) -> String {
        value.isNaN || value.isInfinite ? describe(value) : "\(describe(value)), beyond Int's range"
    }

    /// `0x1F`, `0o17`, `0b101` (no sign): the integer, or nil when `text` has no such prefix
    /// or a digit outside the radix.
    private static func prefixedInteger(_ text: String, separators: Bool) -> Double? {
        let lowercased = text.lowercased()
        let radix: Int
        if lowercased.hasPrefix("0x") {
            radix = 16
        } else if lowercased.hasPrefix("0o") {
            radix = 8
        } else if lowercased.hasPrefix("0b") {
            radix = 2
        } else {
            return nil
        }
        var digits = lowercased.dropFirst(2)
        if separators { digits = Substring(digits.filter { $0 != "_" }) }
        return digits.isEmpty ? .nan : (integer(digits, radix: radix) ?? .nan)
    }

    private static func integer(_ digits: Substring, radix: Int) -> Double? {
        var value = 0.0
        for character in digits {
            guard let digit = character.hexDigitValue, digit < radix else { return nil }
            value = value * Double(radix) + Double(digit)
        }
        return value
    }

    /// `12`, `12.`, `12.5`, `.5`, each with an optional exponent: the unsigned decimal forms.
    private static func isDecimalLiteral(_ text: Substring) -> Bool {
        var characters = text[...]
        let whole = characters.prefix(while: \.isASCIIDigit)
        characters = characters.dropFirst(whole.count)
        var fraction = Substring()
        if characters.first == "." {
            characters = characters.dropFirst()
            fraction = characters.prefix(while: \.isASCIIDigit)
            characters = characters.dropFirst(fraction.count)
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return false }
        if let marker = characters.first, marker == "e" || marker == "E" {
            characters = characters.dropFirst()
            if let sign = characters.first, sign == "+" || sign == "-" { characters = characters.dropFirst() }
            let exponent = characters.prefix(while: \.isASCIIDigit)
            guard !exponent.isEmpty else { return false }
            characters = characters.dropFirst(exponent.count)
        }
        return characters.isEmpty
    }

    /// ECMAScript WhiteSpace and LineTerminator code points.
    private static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0xFEFF, 0x2028, 0x2029: return true
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
