/// A page handler whose name cannot be written unquoted as an object key (`'item-tap'`).
public struct ScriptHandlerNameNotIdentifier: PageRule {
    public static let description = RuleDescription(
        id: "script-handler-name-not-identifier", domain: .script, severity: .error,
        summary: "A page handler's name is not an identifier ('item-tap', 'on tap'), and the view's script writes it unquoted as a key.",
        rationale: """
            SkipMiniApp builds the view's component from the page's handler names: each becomes \
            `name: function(detail) { … }` in `Alpine.data('page', …)`, written unquoted. A name \
            that is not an identifier (a dash, a space, a leading digit) is a SyntaxError for the \
            whole script the view injects, Alpine included: on the device the page shows its bare \
            HTML, with no binding, no handler and no translation working, and no message. Name \
            handlers as identifiers (`onItemTap`); reserved words (`delete`, `new`) and numbers \
            are valid keys and are not reported. Runtimes that call handlers otherwise (`w3c`) \
            are not checked.
            """,
        runtimeFacts: ["skip.handler-bridge-keys"],
        triggering: [
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  1️⃣'item-tap'(e) {\n    this.setData({ title: e.detail });\n  },\n});\n"
                    )
                ],
                supportFiles: [
                    "pages/index/index.html":
                        "<body x-data=\"page\">\n  <p x-text=\"store.title\" @click=\"handler('item-tap', 1)\"></p>\n</body>\n"
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "handler name 'item-tap' is not an identifier: the view writes it unquoted as a key, so the page's whole view script fails and nothing on the page is reactive; rename it, as in 'itemTap'"
                    )
                ]),
            .file(
                "pages/index/index.js", "Page({\n  data: { title: 'Hello' },\n  1️⃣'2d view': function () {},\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "handler name '2d view' is not an identifier: the view writes it unquoted as a key, so the page's whole view script fails and nothing on the page is reactive; rename it, as in 'on2dView'"
                    )
                ]),
        ],
        nonTriggering: [
            // Reserved words and numbers are valid unquoted keys; '$' and '_' are identifier characters.
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  'delete'() {},\n  new: function () {},\n  1() {},\n  $reset() {},\n  on_tap() {},\n});\n"
            ),
            RuleExample(
                files: [("pages/index/index.js", "Page({\n  data: { title: 'Hello' },\n  'item-tap'() {},\n});\n")],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        guard runtime.has(.handlersAreBridgeMembers) else { return [] }
        guard let script = page.script, script.loaded, let registration = script.page else { return [] }
        return registration.handlerNames.filter { !Self.isUnquotedKey($0) }.map { name in
            let span = script.memberKeyRange(name).map(script.span) ?? registration.callOffset.map { script.span($0..<$0) }
            return Finding(
                "handler name '\(name)' is not an identifier: the view writes it unquoted as a key, so the page's whole view script fails and nothing on the page is reactive; rename it, as in '\(Self.identifier(from: name))'",
                at: span ?? .file(script.file.path))
        }
    }

    /// Whether `name` can be written unquoted as a property key: an identifier name (reserved
    /// words included) or a numeric literal.
    static func isUnquotedKey(_ name: String) -> Bool {
        isIdentifierName(name) || isNumericLiteral(name)
    }

    /// An ECMAScript IdentifierName: ID_Start, `$` or `_`, then ID_Continue, `$`, ZWNJ or ZWJ.
    static func isIdentifierName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        func isStart(_ scalar: Unicode.Scalar) -> Bool { scalar == "$" || scalar == "_" || scalar.properties.isIDStart }
        func isPart(_ scalar: Unicode.Scalar) -> Bool {
            isStart(scalar) || scalar.properties.isIDContinue || scalar == "\u{200C}" || scalar == "\u{200D}"
        }
        return isStart(first) && name.unicodeScalars.dropFirst().allSatisfy(isPart)
    }

    /// A numeric literal as the view's (non-strict) script reads a key: decimal with an
    /// optional fraction and exponent, `0x`/`0o`/`0b`, legacy octal, a BigInt's `n`, and `_`
    /// between digits.
    static func isNumericLiteral(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        func digits(_ start: Int, _ isDigit: (UInt8) -> Bool) -> Int {
            // The end of a run of digits, `_` allowed only between two of them.
            var index = start
            while index < bytes.count {
                if isDigit(bytes[index]) {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "_"), index > start, isDigit(bytes[index - 1]), index + 1 < bytes.count,
                    isDigit(bytes[index + 1])
                {
                    index += 1
                } else {
                    break
                }
            }
            return index
        }
        let decimal: (UInt8) -> Bool = { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            let radix: ((UInt8) -> Bool)? =
                switch bytes[1] | 0x20 {
                case UInt8(ascii: "x"): { decimal($0) || ($0 | 0x20 >= UInt8(ascii: "a") && $0 | 0x20 <= UInt8(ascii: "f")) }
                case UInt8(ascii: "o"): { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "7") }
                case UInt8(ascii: "b"): { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: "1") }
                default: nil
                }
            if let radix {
                var end = digits(2, radix)
                if end > 2, end < bytes.count, bytes[end] == UInt8(ascii: "n") { end += 1 }
                return end > 2 && end == bytes.count
            }
        }
        var index = digits(0, decimal)
        let integerDigits = index
        if index == bytes.count, integerDigits > 0 { return true }
        if index < bytes.count, bytes[index] == UInt8(ascii: "n") {
            return integerDigits > 0 && index + 1 == bytes.count && (bytes[0] != UInt8(ascii: "0") || integerDigits == 1)
        }
        var fractionDigits = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            let end = digits(index + 1, decimal)
            fractionDigits = end - index - 1
            index = end
        }
        guard integerDigits + fractionDigits > 0 else { return false }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let end = digits(index, decimal)
            guard end > index else { return false }
            index = end
        }
        return index == bytes.count
    }

    /// A camel-cased identifier made of the name's letters and digits (`item-tap` → `itemTap`),
    /// with `on` before a leading digit: the suggestion in the message.
    static func identifier(from name: String) -> String {
        let words = name.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "$") }.map(String.init)
        guard let first = words.first else { return "onTap" }
        var result = first + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if let leading = result.first, leading.isNumber { result = "on" + result.prefix(1).uppercased() + result.dropFirst() }
        return result
    }
}
