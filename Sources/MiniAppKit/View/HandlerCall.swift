/// A call in a template that posts a detail to a page handler: the bridge helper
/// `handler('name', detail)` or the bridge method `name(detail)`. What the rules about the
/// value a handler receives read from the template.
struct HandlerCall {
    /// The handler's name, nil when `handler(…)` is given a name that is not written out.
    var handler: String?
    var viaBridgeHelper: Bool
    var detail: AlpineExpression

    /// `node` read as a handler call, or nil when it is none: `handlers` are the page's
    /// handler names, `bridgeHelper` whether `handler(…)` is the bridge's helper (a page method
    /// named `handler` replaces it), and names the element's scope declares are not handlers.
    init?(_ node: AlpineExpression, handlers: Set<String>, bridgeHelper: Bool, scope: ElementScope) {
        guard case .call(let callee, let arguments) = node.kind, case .identifier(let name) = callee.kind, !scope.contains(name) else {
            return nil
        }
        if name == "handler" {
            guard bridgeHelper, arguments.count >= 2 else { return nil }
            if case .string(let written) = arguments[0].kind { handler = written }
            viaBridgeHelper = true
            detail = arguments[1]
            return
        }
        guard handlers.contains(name), let first = arguments.first else { return nil }
        handler = name
        viaBridgeHelper = false
        detail = first
    }

    /// What a page's view can call as a handler: the names the bridge gives the view
    /// component a method for (not those the component itself has, such as `store`), and
    /// whether `handler(…)` is the bridge's helper (a page method named `handler` replaces it).
    struct Targets {
        var handlers: Set<String>
        var bridgeHelper: Bool

        init(_ registration: RegistrationCall) {
            handlers = Set(registration.handlerNames).subtracting(PageScope.componentMembers)
            bridgeHelper = !registration.handlerNames.contains("handler")
        }
    }

    init?(_ node: AlpineExpression, targets: Targets, scope: ElementScope) {
        self.init(node, handlers: targets.handlers, bridgeHelper: targets.bridgeHelper, scope: scope)
    }

    /// The call as written, with `detail` in place of its detail.
    func written(_ detail: String) -> String {
        viaBridgeHelper ? "handler('\(handler ?? "…")', \(detail))" : "\(handler ?? "…")(\(detail))"
    }
}
