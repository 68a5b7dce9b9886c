/// What an event directive's value does. The view may only name a page handler: the bridge
/// posts the handler's name to the logic layer, which owns the data. Anything that computes
/// or writes in the view changes the WebView's copy of the store, which the next `setData`
/// overwrites and the logic layer never sees.
public enum EventBinding: Sendable, Equatable {
    /// `@click="onTap"`.
    case handler(name: String, range: Range<Int>)
    /// `@click="onTap(item.id)"`: the handler's bridge function, called with a detail.
    case handlerCall(name: String, range: Range<Int>)
    /// `@click="handler('onTap', item)"`.
    case bridgeCall(name: String, range: Range<Int>)
    /// `@click="handler(name)"`: the bridge with a handler name that is not written out.
    case dynamicBridgeCall
    /// `@click="$dispatch('close')"` and other calls of Alpine magics: view-only behaviour.
    case magicCall
    /// An assignment, `++`/`--`, or a call of something other than a handler.
    case statement(description: String, range: Range<Int>)

    public static func classify(_ expression: AlpineExpression) -> EventBinding {
        switch expression.kind {
        case .identifier(let name):
            return .handler(name: name, range: expression.range)
        case .call(let callee, let arguments):
            if case .identifier(let name) = callee.kind {
                if name == "handler" {
                    if let first = arguments.first, case .string(let handler) = first.kind {
                        return .bridgeCall(name: handler, range: first.range)
                    }
                    return .dynamicBridgeCall
                }
                if name.hasPrefix("$") { return .magicCall }
                return .handlerCall(name: name, range: callee.range)
            }
            let callee = callee.namePath?.joined(separator: ".") ?? "an expression"
            return .statement(description: "calls '\(callee)'", range: expression.range)
        case .assignment(let target, _):
            let name = target.namePath?.joined(separator: ".") ?? "a value"
            return .statement(description: "assigns to '\(name)'", range: expression.range)
        case .update(let operatorText, let operand, _):
            let name = operand.namePath?.joined(separator: ".") ?? "a value"
            return .statement(description: "changes '\(name)' with '\(operatorText)'", range: expression.range)
        default:
            return .statement(description: "is an expression, not a handler name", range: expression.range)
        }
    }

    /// The handler this binding names, if it names one.
    public var handlerName: (name: String, range: Range<Int>)? {
        switch self {
        case .handler(let name, let range), .handlerCall(let name, let range), .bridgeCall(let name, let range): (name, range)
        default: nil
        }
    }
}

extension DirectiveAnalysis {
    /// Every handler name a template refers to: event bindings, `handler('x')` anywhere
    /// (`x-init="handler('ping')"`), and bare names used in any expression.
    public static func boundHandlerNames(in directives: [DirectiveUse]) -> Set<String> {
        var names: Set<String> = []
        for use in directives {
            for node in use.nodes {
                switch node.kind {
                case .identifier(let name):
                    names.insert(name)
                case .call(let callee, let arguments):
                    if case .identifier("handler") = callee.kind, let first = arguments.first, case .string(let name) = first.kind {
                        names.insert(name)
                    }
                default:
                    break
                }
            }
        }
        return names
    }
}

extension ProjectModel {
    /// Every script with the page it belongs to (`nil` for `app.js`).
    public var scriptsWithPages: [(script: ScriptModel, page: PageModel?)] {
        (appScript.map { [($0, nil)] } ?? []) + pages.compactMap { page in page.script.map { ($0, page) } }
    }
}
