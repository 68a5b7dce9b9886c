/// An attribute name read as an Alpine.js directive, the way Alpine reads it: `@click.prevent`
/// is `x-on:click.prevent`, `:class` is `x-bind:class`, and in `x-transition:enter.duration.500ms`
/// `enter` is the argument and `duration`, `500ms` are modifiers.
///
/// Offsets are UTF-8 offsets into the attribute name as written, so a rule adds
/// `TemplateAttribute.nameRange.lowerBound` to point at an argument or a modifier.
public struct AlpineDirective: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case on, bind, text, html, show, `if`, `for`, model, modelable, data, effect, ref, cloak, ignore
        case transition, id, teleport
        /// `x-init` (`init` cannot name a case).
        case initialize
        /// Any other `x-` name, lowercased as the DOM gives it to Alpine (`x-foo`).
        case unknown(String)

        /// The directive's full name, `x-on` for `@click` too.
        public var directiveName: String {
            switch self {
            case .on: "x-on"
            case .bind: "x-bind"
            case .text: "x-text"
            case .html: "x-html"
            case .show: "x-show"
            case .if: "x-if"
            case .for: "x-for"
            case .model: "x-model"
            case .modelable: "x-modelable"
            case .data: "x-data"
            case .initialize: "x-init"
            case .effect: "x-effect"
            case .ref: "x-ref"
            case .cloak: "x-cloak"
            case .ignore: "x-ignore"
            case .transition: "x-transition"
            case .id: "x-id"
            case .teleport: "x-teleport"
            case .unknown(let name): name
            }
        }

        static let byName: [String: Kind] = [
            "on": .on, "bind": .bind, "text": .text, "html": .html, "show": .show, "if": .if, "for": .for,
            "model": .model, "modelable": .modelable, "data": .data, "init": .initialize, "effect": .effect,
            "ref": .ref, "cloak": .cloak, "ignore": .ignore, "transition": .transition, "id": .id,
            "teleport": .teleport,
        ]
    }

    public struct Modifier: Sendable, Hashable {
        /// As written, without the dot (may be empty for `@click..stop`).
        public var name: String
        public var range: Range<Int>

        public init(name: String, range: Range<Int>) {
            self.name = name
            self.range = range
        }
    }

    public var kind: Kind
    /// Written as `@event` or `:attribute` rather than `x-on:` or `x-bind:`.
    public var isShorthand: Bool
    /// The event for `.on`, the attribute for `.bind`, the stage for `.transition`
    /// (`enter`, `leave.end`'s `leave`), as written; nil when there is none or it is empty.
    public var argument: String?
    public var argumentRange: Range<Int>?
    public var modifiers: [Modifier]

    public init(kind: Kind, isShorthand: Bool, argument: String?, argumentRange: Range<Int>?, modifiers: [Modifier]) {
        self.kind = kind
        self.isShorthand = isShorthand
        self.argument = argument
        self.argumentRange = argumentRange
        self.modifiers = modifiers
    }

    public func hasModifier(_ name: String) -> Bool {
        modifiers.contains { $0.name == name }
    }

    /// nil for attributes that are not directives (`class`, `id`, `x-`, `xlink:href`).
    public static func parse(attributeName name: String) -> AlpineDirective? {
        // Most attributes (`class`, `src`) are not directives: tell from the first byte,
        // before copying the name, since rules ask every attribute of every element.
        guard let first = name.utf8.first, [UInt8(ascii: "@"), UInt8(ascii: ":"), UInt8(ascii: "x"), UInt8(ascii: "X")].contains(first)
        else {
            return nil
        }
        let bytes = Array(name.utf8)
        // The DOM lowercases attribute names, so Alpine matches `X-Text` as `x-text`.
        let lowercased = bytes.map(\.asciiLowercased)
        let kind: Kind
        let isShorthand: Bool
        var position: Int
        if lowercased.first == UInt8(ascii: "@") {
            (kind, isShorthand, position) = (.on, true, 0)
        } else if lowercased.first == UInt8(ascii: ":") {
            (kind, isShorthand, position) = (.bind, true, 0)
        } else if lowercased.starts(with: Array("x-".utf8)) {
            // Alpine: the type runs from after `x-` to the first `:` or `.`.
            var end = 2
            while end < bytes.count, bytes[end] != UInt8(ascii: ":"), bytes[end] != UInt8(ascii: ".") { end += 1 }
            guard end > 2 else { return nil }
            let type = String(decoding: lowercased[2..<end], as: UTF8.self)
            kind = Kind.byName[type] ?? .unknown("x-" + type)
            isShorthand = false
            position = end
            // Without the `:` there is no argument (`x-on.click` has only modifiers).
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                return AlpineDirective(
                    kind: kind, isShorthand: false, argument: nil, argumentRange: nil,
                    modifiers: modifiers(in: bytes, from: position))
            }
        } else {
            return nil
        }

        // `position` is at the `@`, the shorthand `:` or the `:` after the type. The argument
        // runs to the first `.`, and may itself hold colons (`@update:value`).
        let argumentStart = position + 1
        var argumentEnd = argumentStart
        while argumentEnd < bytes.count, bytes[argumentEnd] != UInt8(ascii: ".") { argumentEnd += 1 }
        let hasArgument = argumentEnd > argumentStart
        return AlpineDirective(
            kind: kind, isShorthand: isShorthand,
            argument: hasArgument ? String(decoding: bytes[argumentStart..<argumentEnd], as: UTF8.self) : nil,
            argumentRange: hasArgument ? argumentStart..<argumentEnd : nil,
            modifiers: modifiers(in: bytes, from: argumentEnd))
    }

    /// `.a.b` from `start` (at a `.` or the end of the name).
    private static func modifiers(in bytes: [UInt8], from start: Int) -> [Modifier] {
        var result: [Modifier] = []
        var position = start
        while position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            let nameStart = position + 1
            var nameEnd = nameStart
            while nameEnd < bytes.count, bytes[nameEnd] != UInt8(ascii: ".") { nameEnd += 1 }
            result.append(Modifier(name: String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self), range: nameStart..<nameEnd))
            position = nameEnd
        }
        return result
    }
}
