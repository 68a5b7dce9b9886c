import Foundation

/// A page's data as its first render sees it, as far as mactl can know it: the JSON copy the
/// runtime makes when `Page()` is called (recorded by running the script), minus the keys
/// `onLoad` may change before the view reads the data (`skip.model-wired-once`).
public struct FirstRenderData: Sendable {
    /// The data object; nil when nothing is known of it.
    var root: JSONNode?
    /// Top-level keys whose value is unknown because `onLoad` may set them.
    var unknownKeys: Set<String>

    /// The top-level member `key`: its value, `undefined` when the data lacks it, nil when unknown.
    func member(_ key: String) -> FirstRenderValue? {
        guard let root, !unknownKeys.contains(key) else { return nil }
        return root.member(key).map { FirstRenderValue($0.value.value) } ?? .undefined
    }
}

extension PageModel {
    /// What this page's first render starts from; nil when that cannot be known: the script
    /// did not load, its data could not be recorded, or `onLoad` does something mactl cannot
    /// follow. A page without a script or without `Page()` starts from `{}`, as the runtime's
    /// `initialDataJSON` does.
    public var firstRenderData: FirstRenderData? {
        guard let script else { return FirstRenderData(root: JSONNode(.object([]), range: 0..<0), unknownKeys: []) }
        guard script.loaded else { return nil }
        guard let call = script.page else { return FirstRenderData(root: JSONNode(.object([]), range: 0..<0), unknownKeys: []) }
        guard let data = call.initialData else { return nil }
        let hasOnLoad = call.lifecycleHooks.contains("onLoad")
        let literal = PageOptionsLiteral(tokens: script.tokens)
        let written = literal.map { $0.onLoadDataWrites(hasOnLoad: hasOnLoad) } ?? (hasOnLoad ? nil : [])
        guard let written else { return nil }
        return FirstRenderData(root: data, unknownKeys: written)
    }
}

/// A value an expression has on the first render: what JSON holds, or `undefined`.
public enum FirstRenderValue: Sendable, Hashable {
    case undefined
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])

    init(_ value: JSONValue) {
        switch value {
        case .object(let members): self = .object(members)
        case .array(let elements): self = .array(elements)
        case .string(let string): self = .string(string)
        case .number(let text): self = Double(text).map(FirstRenderValue.number) ?? .undefined
        case .bool(let bool): self = .bool(bool)
        case .null: self = .null
        }
    }

    /// JavaScript's truthiness.
    var isTruthy: Bool {
        switch self {
        case .undefined, .null: false
        case .bool(let value): value
        case .number(let value): value != 0 && !value.isNaN
        case .string(let value): !value.isEmpty
        case .array, .object: true
        }
    }
}

/// Evaluates the expressions conditions are written with (paths, literals, `!`, equality and
/// comparison, `&&`, `||`, `.length`) over the first render's data; anything else, and any
/// name but the page's `store`, is unknown (nil). Unknown stays unknown: a rule that needs a
/// value warns instead of erring.
struct FirstRenderEvaluator {
    let data: FirstRenderData
    /// False when `store` names something else where the expression is (a loop variable, a
    /// member of an inline component).
    let storeIsPage: Bool

    /// Whether the expression is truthy, in three-valued logic: `unknown && false` is false.
    func truthiness(_ expression: AlpineExpression) -> Bool? {
        switch expression.kind {
        case .unary("!", let operand):
            return truthiness(operand).map(!)
        case .binary("&&", let left, let right):
            switch truthiness(left) {
            case false?: return false
            case true?: return truthiness(right)
            case nil: return truthiness(right) == false ? false : nil
            }
        case .binary("||", let left, let right):
            switch truthiness(left) {
            case true?: return true
            case false?: return truthiness(right)
            case nil: return truthiness(right) == true ? true : nil
            }
        default:
            return value(expression)?.isTruthy
        }
    }

    func value(_ expression: AlpineExpression) -> FirstRenderValue? {
        switch expression.kind {
        case .number(let text): return Double(text).map(FirstRenderValue.number)
        case .string(let text): return .string(text)
        case .boolean(let value): return .bool(value)
        case .null: return .null
        case .undefined: return .undefined
        case .identifier("store"):
            guard storeIsPage, let members = data.root?.members else { return nil }
            return .object(members)
        case .member(let object, let name, _):
            return member(name, of: object)
        case .index(let object, let index):
            switch index.kind {
            case .string(let name): return member(name, of: object)
            case .number(let text):
                guard case .array(let elements)? = value(object), let position = Int(text) else { return nil }
                return position < elements.count ? FirstRenderValue(elements[position].value) : .undefined
            default: return nil
            }
        case .unary("!", let operand):
            return truthiness(operand).map { .bool(!$0) }
        case .binary(let operatorText, let left, let right):
            return binary(operatorText, left, right)
        default:
            return nil
        }
    }

    private func member(_ name: String, of object: AlpineExpression) -> FirstRenderValue? {
        if case .identifier("store") = object.kind {
            return storeIsPage ? data.member(name) : nil
        }
        switch value(object) {
        case .object(let members)?:
            return members.last { $0.key == name }.map { FirstRenderValue($0.value.value) } ?? .undefined
        case .array(let elements)? where name == "length":
            return .number(Double(elements.count))
        case .string(let string)? where name == "length":
            return .number(Double(string.utf16.count))
        default:
            // A method, a member of a primitive, or a read of `null.x` (which throws): unknown.
            return nil
        }
    }

    private func binary(
        _ operatorText: String, _ leftExpression: AlpineExpression, _ rightExpression: AlpineExpression
    ) -> FirstRenderValue? {
        if operatorText == "&&" || operatorText == "||" {
            guard let left = value(leftExpression) else { return nil }
            return (left.isTruthy == (operatorText == "||")) ? left : value(rightExpression)
        }
        guard let left = value(leftExpression), let right = value(rightExpression) else { return nil }
        switch operatorText {
        case "===": return Self.strictlyEqual(left, right).map(FirstRenderValue.bool)
        case "!==": return Self.strictlyEqual(left, right).map { .bool(!$0) }
        case "==": return Self.looselyEqual(left, right).map(FirstRenderValue.bool)
        case "!=": return Self.looselyEqual(left, right).map { .bool(!$0) }
        case "<", ">", "<=", ">=": return Self.compare(operatorText, left, right).map(FirstRenderValue.bool)
        default: return nil
        }
    }

    /// `===`; nil for two objects or arrays, whose identity JSON does not tell.
    static func strictlyEqual(_ left: FirstRenderValue, _ right: FirstRenderValue) -> Bool? {
        switch (left, right) {
        case (.undefined, .undefined), (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        // JavaScript compares UTF-16 code units; Swift's `==` would equate canonical equivalents.
        case (.string(let a), .string(let b)): return a.utf16.elementsEqual(b.utf16)
        case (.array, .array), (.object, .object), (.array, .object), (.object, .array): return nil
        default: return false
        }
    }

    /// `==` for the cases that convert simply; nil when an object or a non-numeric string would need converting.
    static func looselyEqual(_ left: FirstRenderValue, _ right: FirstRenderValue) -> Bool? {
        switch (left, right) {
        case (.undefined, .null), (.null, .undefined): return true
        case (.undefined, _), (.null, _), (_, .undefined), (_, .null): return strictlyEqual(left, right)
        case (.bool(let a), _): return looselyEqual(.number(a ? 1 : 0), right)
        case (_, .bool(let b)): return looselyEqual(left, .number(b ? 1 : 0))
        case (.number(let a), .string(let b)): return number(b).map { a == $0 }
        case (.string(let a), .number(let b)): return number(a).map { $0 == b }
        case (.array, _), (.object, _), (_, .array), (_, .object): return nil
        default: return strictlyEqual(left, right)
        }
    }

    /// `<`, `>`, `<=`, `>=` between two numbers or two strings; nil for anything that converts.
    static func compare(_ operatorText: String, _ left: FirstRenderValue, _ right: FirstRenderValue) -> Bool? {
        switch (left, right) {
        case (.number(let a), .number(let b)):
            switch operatorText {
            case "<": return a < b
            case ">": return a > b
            case "<=": return a <= b
            default: return a >= b
            }
        case (.string(let a), .string(let b)):
            let less = a.utf16.lexicographicallyPrecedes(b.utf16)
            let greater = b.utf16.lexicographicallyPrecedes(a.utf16)
            switch operatorText {
            case "<": return less
            case ">": return greater
            case "<=": return !greater
            default: return !less
            }
        default:
            return nil
        }
    }

    /// `Number(text)` for decimal text (blank is 0); nil for the forms this does not follow
    /// (`0x10`, `Infinity`, `1_000`).
    private static func number(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return 0 }
        guard trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }) else { return nil }
        return Double(trimmed)
    }
}
