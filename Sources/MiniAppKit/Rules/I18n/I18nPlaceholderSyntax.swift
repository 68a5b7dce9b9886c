import Foundation

/// A translation written with another library's placeholder syntax (`{{name}}`, `%s`,
/// `%{name}`, ICU's `{count, plural, …}`, vue-i18n's `one | {n} many`), which the runtime shows
/// as written.
public struct I18nPlaceholderSyntax: Rule {
    public static let description = RuleDescription(
        id: "i18n-placeholder-syntax", domain: .i18n, severity: .error,
        summary: "A translation uses a placeholder syntax the runtime does not fill: '{{name}}', '%s', '%{name}', '{count, plural, …}'.",
        rationale: """
            `skip.i18n.t(key, params)` and `$t` replace each `{name}` (a name in single braces, \
            no spaces) with `String(params.name)`, and nothing else. Placeholders of other \
            libraries are shown to the user as written: `{{name}}` (i18next, Vue) keeps its outer \
            braces (`{Ann}`), Ruby's `%{name}` keeps its `%`, `{ name }` with spaces \
            and printf's `%s`, `%d`, `%@`, `%1$s` stay as they are, and ICU's \
            `{count, plural, one {…} other {…}}` is shown whole: plurals go through \
            `skip.i18n.plural(count, { one: '# item', other: '# items' })`. `${name}` is not \
            reported: it shows a `$` before the value, which is what a price in dollars wants. \
            The fix-it writes `{name}` where the name is known.
            """,
        runtimeFacts: ["skip.i18n-substitution"],
        triggering: [
            RuleExample(
                files: [
                    ("manifest.json", I18nExample.manifest),
                    (
                        "i18n/en.json",
                        """
                        {
                          "greet": "Hello, 1️⃣{{name}}!",
                          "left": "2️⃣%d items left",
                          "total": "Total: 3️⃣%{amount}",
                          "cart": "4️⃣{count, plural, one {# item} other {# items}}",
                          "games": "5️⃣No games | One game | {count} games"
                        }

                        """
                    ),
                ],
                expected: [
                    .at("1️⃣", "'{{name}}' in the 'en' text of 'greet' is shown with its outer braces: the runtime fills only '{name}'")
                        .fixIt("{name}"),
                    .at(
                        "2️⃣",
                        "'%d' in the 'en' text of 'left' is shown as written: the runtime fills only '{name}' placeholders from the object passed to 't' or '$t'"
                    ),
                    .at("3️⃣", "'%{amount}' in the 'en' text of 'total' is shown with its '%': the runtime fills only '{amount}'").fixIt(
                        "{amount}"),
                    .at(
                        "4️⃣",
                        "'{count, plural, …}' in the 'en' text of 'cart' is ICU message syntax, shown as written: give the forms to 'skip.i18n.plural(count, { one: …, other: … })'"
                    ),
                    .at(
                        "5️⃣",
                        "'No games | One game | {count} games' in the 'en' text of 'games' is vue-i18n's plural forms, shown whole with its '|': give the forms to 'skip.i18n.plural(count, { one: …, other: … })'"
                    ),
                ])
        ],
        nonTriggering: [
            RuleExample(files: [
                ("manifest.json", I18nExample.manifest),
                (
                    "i18n/en.json",
                    "{ \"greet\": \"Hello, {name}!\", \"sale\": \"50% off, 100%\", \"code\": \"Use {} or { } freely\", \"fare\": \"Fare: ${fare}\", \"nav\": \"Home | Settings\" }\n"
                ),
            ])
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.locales.catalogs.flatMap { catalog in
            catalog.entries.flatMap { entry -> [Finding] in
                guard case .text(let text) = entry.value else { return [] }
                return Self.foreignPlaceholders(in: text).map { found in
                    let what = "'\(found.text)' in the '\(catalog.tag)' text of '\(entry.key)'"
                    let exact = Self.span(of: found.range, in: entry, text: text, catalog: catalog)
                    let fixIt = found.name.flatMap { name in
                        exact.map { FixIt(message: "write '{\(name)}'", span: $0, replacement: "{\(name)}") }
                    }
                    return Finding("\(what) \(found.problem)", at: exact ?? catalog.span(entry.valueRange), fixIt: fixIt)
                }
            }
        }
    }

    /// One placeholder of another syntax: its bytes in the text, the name it stands for when
    /// there is one, and what the user sees.
    struct Foreign {
        var range: Range<Int>
        var text: String
        var name: String?
        var problem: String
    }

    static func foreignPlaceholders(in text: String) -> [Foreign] {
        let bytes = Array(text.utf8)
        var found: [Foreign] = []
        // vue-i18n's plural forms: "no apples | one apple | {count} apples". Prose with a bar
        // ("Home | Settings") has no count placeholder in its parts.
        // (Split only a text that has a bar: splitting walks grapheme clusters, and this runs
        // on every text of every locale.)
        let parts = bytes.contains(UInt8(ascii: "|")) ? text.split(separator: "|", omittingEmptySubsequences: false) : [Substring(text)]
        if (2...3).contains(parts.count), parts.allSatisfy({ !$0.trimmingCharacters(in: .whitespaces).isEmpty }),
            let count = ["count", "n"].first(where: { name in parts.contains { $0.contains("{\(name)}") } })
        {
            return [
                Foreign(
                    range: 0..<bytes.count, text: text, name: nil,
                    problem:
                        "is vue-i18n's plural forms, shown whole with its '|': give the forms to 'skip.i18n.plural(\(count), { one: …, other: … })'"
                )
            ]
        }
        var index = 0
        func word(from start: Int) -> Int {
            var end = start
            while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
            return end
        }
        func spaces(from start: Int) -> Int {
            var end = start
            while end < bytes.count, bytes[end] == UInt8(ascii: " ") { end += 1 }
            return end
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "{") {
                // `{{ name }}`
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{") {
                    let nameStart = spaces(from: index + 2), nameEnd = word(from: nameStart), close = spaces(from: nameEnd)
                    if nameEnd > nameStart, close + 1 < bytes.count, bytes[close] == UInt8(ascii: "}"),
                        bytes[close + 1] == UInt8(ascii: "}")
                    {
                        let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
                        found.append(
                            Foreign(
                                range: index..<(close + 2), text: String(decoding: bytes[index..<(close + 2)], as: UTF8.self), name: name,
                                problem: "is shown with its outer braces: the runtime fills only '{\(name)}'"))
                        index = close + 2
                        continue
                    }
                }
                let nameStart = spaces(from: index + 1), nameEnd = word(from: nameStart), after = spaces(from: nameEnd)
                if nameEnd > nameStart, after < bytes.count {
                    let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
                    // ICU: `{count, plural, …}`, `{gender, select, …}`
                    if bytes[after] == UInt8(ascii: ",") {
                        let kindStart = spaces(from: after + 1), kindEnd = word(from: kindStart)
                        let kind = String(decoding: bytes[kindStart..<kindEnd], as: UTF8.self)
                        if ["plural", "select", "selectordinal", "number", "date", "time"].contains(kind) {
                            let end = matchingBrace(in: bytes, from: index) ?? bytes.count
                            let advice =
                                kind == "select"
                                ? "choose the text in the script" : "give the forms to 'skip.i18n.plural(\(name), { one: …, other: … })'"
                            found.append(
                                Foreign(
                                    range: index..<end, text: "{\(name), \(kind), …}", name: nil,
                                    problem: "is ICU message syntax, shown as written: \(advice)"))
                            index = end
                            continue
                        }
                    }
                    // `{ name }`: spaces inside the braces
                    if bytes[after] == UInt8(ascii: "}"), nameStart > index + 1 || after > nameEnd {
                        found.append(
                            Foreign(
                                range: index..<(after + 1), text: String(decoding: bytes[index..<(after + 1)], as: UTF8.self), name: name,
                                problem: "is shown as written: the runtime fills '{\(name)}' only without spaces"))
                        index = after + 1
                        continue
                    }
                }
            } else if byte == UInt8(ascii: "%"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{") {
                // Ruby's `%{name}`. (`${name}` is left alone: "Fare: ${fare}" shows "$2.75",
                // a price in dollars, as often as a template string's habit.)
                let nameEnd = word(from: index + 2)
                if nameEnd > index + 2, nameEnd < bytes.count, bytes[nameEnd] == UInt8(ascii: "}") {
                    let name = String(decoding: bytes[(index + 2)..<nameEnd], as: UTF8.self)
                    found.append(
                        Foreign(
                            range: index..<(nameEnd + 1), text: String(decoding: bytes[index..<(nameEnd + 1)], as: UTF8.self), name: name,
                            problem: "is shown with its '%': the runtime fills only '{\(name)}'"))
                    index = nameEnd + 1
                    continue
                }
            } else if byte == UInt8(ascii: "%"), let end = printfConversion(in: bytes, at: index) {
                found.append(
                    Foreign(
                        range: index..<end, text: String(decoding: bytes[index..<end], as: UTF8.self), name: nil,
                        problem: "is shown as written: the runtime fills only '{name}' placeholders from the object passed to 't' or '$t'"))
                index = end
                continue
            }
            index += 1
        }
        return found
    }

    /// The end of a printf conversion at `start` (`%s`, `%d`, `%@`, `%1$s`, `%.2f`, `%(name)s`),
    /// not followed by a letter, so `50% off` and `100%sure` are text.
    static func printfConversion(in bytes: [UInt8], at start: Int) -> Int? {
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "(") {
            while index < bytes.count, bytes[index] != UInt8(ascii: ")") { index += 1 }
            index += 1
        } else {
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: "$"), index > start + 1 { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            }
        }
        guard index < bytes.count, Array("sdif@".utf8).contains(bytes[index]) else { return nil }
        let end = index + 1
        if end < bytes.count, isNameByte(bytes[end]) { return nil }
        return end
    }

    static func matchingBrace(in bytes: [UInt8], from open: Int) -> Int? {
        var depth = 0
        for index in open..<bytes.count {
            if bytes[index] == UInt8(ascii: "{") { depth += 1 }
            if bytes[index] == UInt8(ascii: "}") { depth -= 1; if depth == 0 { return index + 1 } }
        }
        return nil
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }

    /// Where `range` of the decoded text is in the file: exact when the JSON string has no
    /// escapes (its bytes are the text's), else nil and the finding points at the value.
    static func span(of range: Range<Int>, in entry: LocaleCatalog.Entry, text: String, catalog: LocaleCatalog) -> SourceSpan? {
        let source = catalog.document.file.bytes[entry.valueRange]
        guard source.count == text.utf8.count + 2, source.dropFirst().dropLast().elementsEqual(text.utf8) else { return nil }
        let start = entry.valueRange.lowerBound + 1
        return catalog.span((start + range.lowerBound)..<(start + range.upperBound))
    }
}
