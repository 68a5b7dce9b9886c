/// A handler is called from the template with a detail the iOS web view cannot send: the DOM
/// event (`@click="onTap"`, `onTap($event)`) or a reactive object of the store (`item`).
public struct TemplateEventDetailNotClonable: PageRule {
    public static let description = RuleDescription(
        id: "template-event-detail-not-clonable", domain: .template, severity: .warning,
        summary:
            "A handler is called with a detail the iOS web view cannot send: the DOM event ('@click=\"onTap\"', '$event') or an object or array of the store.",
        rationale: """
            SkipMiniApp's view posts a handler call as `{ type, handler, detail }` with \
            `webkit.messageHandlers.miniappBridge.postMessage`, inside `try {} catch(e) {}`. On \
            iOS the message is structured-cloned, and two kinds of detail cannot be: a DOM event \
            (what Alpine passes when the directive names the handler without parentheses, \
            `@click="onTap"`, and what `$event` is) and Alpine's reactive proxies (an `x-for` item \
            of the store, `store`, `store.user`, any object or array read from the store). Such a \
            tap is expected to be dropped silently on iPhone and iPad while it works on Android, \
            which serializes the message as JSON. Call the handler with parentheses (`onTap()`) \
            and pass a number or a string (`handler('onTap', item.id)`, \
            `onInput($event.target.value)`). Shapes come from the page's `data`: a detail whose \
            value mactl cannot tell is not reported. Runtimes that pass details otherwise (`w3c`) \
            are not checked.
            """,
        runtimeFacts: ["skip.event-detail-cloned"],
        triggering: [
            RuleExample(
                files: [
                    (
                        "pages/index/index.html",
                        "<body x-data=\"page\">\n  <button @click=\"1️⃣onSave\">save</button>\n  <input @input=\"onInput(2️⃣$event)\">\n</body>\n"
                    )
                ],
                supportFiles: ["pages/index/index.js": pageScript],
                expected: [
                    .at(
                        "1️⃣",
                        "'onSave' without parentheses passes the DOM event as the detail, which iOS cannot send: the tap is dropped silently; call 'onSave()'"
                    ).fixIt("onSave()"),
                    .at(
                        "2️⃣",
                        "'$event' is a DOM event, which iOS cannot send as a detail: the event is dropped silently; pass a number or a string, as in 'onInput($event.target.value)'"
                    ),
                ]),
            RuleExample(
                files: [
                    (
                        "pages/index/index.html",
                        "<body x-data=\"page\">\n  <template x-for=\"item in store.items\" :key=\"item.id\">\n    <p x-text=\"item.name\" @click=\"handler('onPick', 1️⃣item)\" @dblclick=\"onPick(2️⃣item.tags)\"></p>\n  </template>\n  <button @click=\"onSave(3️⃣store.user)\">save</button>\n</body>\n"
                    )
                ],
                supportFiles: ["pages/index/index.js": pageScript],
                expected: [
                    .at(
                        "1️⃣",
                        "'item' is an object from 'store.items' (a reactive proxy), which iOS cannot send as a detail: the tap is dropped silently; pass a number or a string, as in 'handler('onPick', item.id)'"
                    ),
                    .at(
                        "2️⃣",
                        "'item.tags' is an array from 'store.items' (a reactive proxy), which iOS cannot send as a detail: the event is dropped silently; pass a number or a string"
                    ),
                    .at(
                        "3️⃣",
                        "'store.user' is an object from the page's store (a reactive proxy), which iOS cannot send as a detail: the tap is dropped silently; pass a number or a string, as in 'onSave(store.user.name)'"
                    ),
                ]),
            // A list the page fills later, whose items the template reads members of.
            RuleExample(
                files: [
                    (
                        "pages/index/index.html",
                        "<body x-data=\"page\">\n  <template x-for=\"line in store.lines\" :key=\"line.id\">\n    <p x-text=\"line.title\" @click=\"onPick(1️⃣line)\"></p>\n  </template>\n</body>\n"
                    )
                ],
                supportFiles: ["pages/index/index.js": pageScript],
                expected: [
                    .at(
                        "1️⃣",
                        "'line' is an object from 'store.lines' (a reactive proxy), which iOS cannot send as a detail: the tap is dropped silently; pass a number or a string"
                    )
                ]),
        ],
        nonTriggering: [
            // Parentheses, primitives, a loop over strings, and a detail whose shape is unknown.
            RuleExample(
                files: [
                    (
                        "pages/index/index.html",
                        "<body x-data=\"page\">\n  <button @click=\"onSave()\">save</button>\n  <input @input=\"onInput($event.target.value)\">\n  <template x-for=\"(item, i) in store.items\" :key=\"item.id\">\n    <p x-text=\"item.name\" @click=\"handler('onPick', item.id)\" @dblclick=\"onPick(i)\"></p>\n  </template>\n  <template x-for=\"tag in store.tags\" :key=\"tag\">\n    <p x-text=\"tag\" @click=\"onPick(tag)\"></p>\n  </template>\n  <template x-for=\"line in store.lines\" :key=\"line\">\n    <p x-text=\"line\" @click=\"onPick(line)\"></p>\n  </template>\n</body>\n"
                    )
                ],
                supportFiles: ["pages/index/index.js": pageScript]),
            RuleExample(
                files: [
                    (
                        "pages/index/index.html",
                        "<body x-data=\"page\">\n  <button @click=\"onSave\" @dblclick=\"onSave(store.user)\">save</button>\n</body>\n"
                    )
                ],
                supportFiles: ["pages/index/index.js": pageScript],
                configuration: "runtime: w3c\n"),
        ])

    static let pageScript = """
        Page({
          data: {
            items: [{ id: 1, name: 'Tea', tags: ['hot'] }],
            tags: ['hot', 'cold'],
            lines: [],
            user: { name: 'Ada' },
          },
          onSave(e) {},
          onInput(e) {},
          onPick(e) {},
        });

        """

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        guard runtime.has(.eventCarriesOnlyTypeAndDetail) else { return [] }
        guard let script = page.script, script.loaded, let registration = script.page else { return [] }
        // A page method named `handler` replaces the bridge's helper (script-handler-name-reserved):
        // `handler('name', detail)` then posts the name as its detail.
        let targets = HandlerCall.Targets(registration)
        let handlers = targets.handlers
        var findings: [Finding] = []
        var objects: Set<String> = []
        for use in page.directives {
            for node in use.nodes {
                if case .member(let object, _, _) = node.kind, case .identifier(let name) = object.kind { objects.insert(name) }
            }
        }
        for use in page.directives {
            guard let expression = use.expression else { continue }
            let scope = page.scope(ofElement: use.element)
            if scope.hasUnknownComponent { continue }
            // `@click="onTap"`: Alpine calls the function it names with the event.
            if use.directive.kind == .on, case .identifier(let name) = expression.kind, handlers.contains(name), !scope.contains(name) {
                let span = page.span(use.fileRange(expression.range))
                let fixIt = use.expressionBase.map { _ in FixIt(message: "add '()'", span: span, replacement: name + "()") }
                findings.append(
                    Finding(
                        "'\(name)' without parentheses passes the DOM event as the detail, which iOS cannot send: the \(Self.action(of: use)) is dropped silently; call '\(name)()'",
                        at: span, fixIt: fixIt))
                continue
            }
            for node in use.nodes {
                guard let call = HandlerCall(node, targets: targets, scope: scope) else { continue }
                let detail = DetailValue(call.detail, scope: scope, data: registration.data, objects: objects)
                guard let problem = detail.problem, let culprit = detail.culprit else { continue }
                let range = use.fileRange(culprit.range)
                let text =
                    culprit.namePath?.joined(separator: ".")
                    ?? use.expressionBase.flatMap { _ in page.template.map { String(decoding: $0.file.bytes[range], as: UTF8.self) } }
                    ?? "the detail"
                var message =
                    "'\(text)' is \(problem.what), which iOS cannot send as a detail: the \(Self.action(of: use)) is dropped silently; pass a number or a string"
                // A field's value is what an input event usually wants; a click has none.
                if let primitive = problem.primitive, !(detail.isDOMEvent && Self.isClick(use)) {
                    // Inside an object or array literal the primitive takes the culprit's place only.
                    message +=
                        culprit.range == call.detail.range ? ", as in '\(call.written(primitive))'" : " in its place, as in '\(primitive)'"
                }
                findings.append(Finding(message, at: page.span(range)))
            }
        }
        return findings
    }

    /// What is lost: a tap for a click, the event for other events, the call elsewhere (`x-init`).
    static func action(of use: DirectiveUse) -> String {
        guard use.directive.kind == .on else { return "call" }
        return isClick(use) ? "tap" : "event"
    }

    /// Whether the directive listens for clicks (`@click`, `x-on:click.prevent`).
    static func isClick(_ use: DirectiveUse) -> Bool {
        use.directive.kind == .on && use.directive.argument == "click"
    }
}

/// What a detail expression evaluates to, as far as sending it is concerned.
private enum DetailValue {
    /// A number, a string, a boolean, `null` or `undefined`, or a plain literal of them.
    case sendable
    /// Each case that cannot be sent carries the expression that gives it (the whole detail,
    /// or a value inside an object or array literal).
    case domEvent(AlpineExpression)
    case domNode(AlpineExpression)
    /// A reactive proxy of the store's data, with the shape the page's `data` gives it.
    case reactive(shape: ScriptValueShape, origin: String?, path: [String]?, at: AlpineExpression)
    /// mactl cannot tell.
    case unknown

    /// The members of `$event` that are DOM nodes.
    static let eventNodes: Set<String> = ["target", "currentTarget", "srcElement", "relatedTarget", "view"]

    /// `objects`: loop variables the template reads members of (`talk.title`), so each item is
    /// an object even when the page's `data` starts with an empty list.
    init(_ expression: AlpineExpression, scope: ElementScope, data: ScriptValueShape?, objects: Set<String>) {
        switch expression.kind {
        case .number, .string, .boolean, .null, .undefined, .unary, .binary:
            // Operators give numbers, strings and booleans; `&&` and `||` give an operand.
            if case .binary(let op, let left, let right) = expression.kind, op == "&&" || op == "||" {
                self = DetailValue.either(
                    DetailValue(left, scope: scope, data: data, objects: objects),
                    DetailValue(right, scope: scope, data: data, objects: objects))
            } else {
                self = .sendable
            }
        case .conditional(_, let consequent, let alternate):
            self = DetailValue.either(
                DetailValue(consequent, scope: scope, data: data, objects: objects),
                DetailValue(alternate, scope: scope, data: data, objects: objects))
        case .array(let elements):
            self = elements.map { DetailValue($0, scope: scope, data: data, objects: objects) }.reduce(.sendable, DetailValue.either)
        case .object(let properties):
            self = properties.map { DetailValue($0.value, scope: scope, data: data, objects: objects) }.reduce(
                .sendable, DetailValue.either)
        case .identifier(let name) where !scope.contains(name):
            switch name {
            case "$event": self = .domEvent(expression)
            case "$el", "$root": self = .domNode(expression)
            default: self = DetailValue.fromStore(expression, scope: scope, data: data, objects: objects)
            }
        case .member(let object, let name, _):
            if case .identifier("$event") = object.kind, !scope.contains("$event") {
                self = DetailValue.eventNodes.contains(name) ? .domNode(expression) : .unknown
            } else if case .identifier("$refs") = object.kind, !scope.contains("$refs") {
                self = .domNode(expression)
            } else {
                self = DetailValue.fromStore(expression, scope: scope, data: data, objects: objects)
            }
        case .call(let callee, _):
            if case .identifier("$t") = callee.kind, !scope.contains("$t") { self = .sendable } else { self = .unknown }
        default:
            self = DetailValue.fromStore(expression, scope: scope, data: data, objects: objects)
        }
    }

    /// A value read through `store` or a loop variable that comes from the store.
    static func fromStore(_ expression: AlpineExpression, scope: ElementScope, data: ScriptValueShape?, objects: Set<String>) -> DetailValue
    {
        if case .identifier(let name) = expression.kind, scope.loopSources[name] == .primitive { return .sendable }
        guard let path = LoopSource.storePath(of: expression, in: scope) else { return .unknown }
        guard let data, let shape = data.shape(at: path) else {
            // A list the page fills later: its items are objects when the template reads their members.
            if case .identifier(let name) = expression.kind, objects.contains(name),
                case .storeElements(_, let collection)? = scope.loopSources[name]
            {
                return .reactive(shape: .object([]), origin: collection, path: [name], at: expression)
            }
            return .unknown
        }
        switch shape {
        case .object, .array:
            var origin: String?
            if let root = expression.namePath?.first, case .storeElements(_, let collection) = scope.loopSources[root] {
                origin = collection
            }
            return .reactive(shape: shape, origin: origin, path: expression.namePath, at: expression)
        case .string, .number, .boolean, .null, .undefined:
            return .sendable
        case .function, .other:
            return .unknown
        }
    }

    /// The worse of two values a detail may be: one that cannot be sent wins over unknown,
    /// unknown over sendable.
    static func either(_ first: DetailValue, _ second: DetailValue) -> DetailValue {
        if first.problem != nil { return first }
        if second.problem != nil { return second }
        if case .unknown = first { return first }
        return second
    }

    /// The expression that cannot be sent.
    var culprit: AlpineExpression? {
        switch self {
        case .sendable, .unknown: nil
        case .domEvent(let expression), .domNode(let expression), .reactive(_, _, _, let expression): expression
        }
    }

    var isDOMEvent: Bool {
        if case .domEvent = self { return true }
        return false
    }

    /// What is wrong with it, for the message, and a primitive to pass instead when there is one.
    var problem: (what: String, primitive: String?)? {
        switch self {
        case .sendable, .unknown:
            return nil
        case .domEvent:
            return ("a DOM event", "$event.target.value")
        case .domNode:
            return ("a DOM element", nil)
        case .reactive(let shape, let origin, let path, _):
            let kind = shape.kind == .array ? "an array" : "an object"
            let whose = origin.map { "from '\($0)'" } ?? "from the page's store"
            let primitive = path.flatMap { path in DetailValue.primitiveMember(of: shape).map { (path + [$0]).joined(separator: ".") } }
            if path == ["store"] { return ("the page's store (a reactive proxy)", primitive) }
            return ("\(kind) \(whose) (a reactive proxy)", primitive)
        }
    }

    /// A member of an object shape that holds a number or a string: `id` when there is one.
    static func primitiveMember(of shape: ScriptValueShape) -> String? {
        let primitives = shape.members.filter { [.number, .string].contains($0.shape.kind) }.map(\.name)
        return primitives.contains("id") ? "id" : primitives.first
    }
}
