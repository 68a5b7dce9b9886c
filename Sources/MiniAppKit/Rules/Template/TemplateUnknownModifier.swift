/// A directive modifier Alpine does not know.
public struct TemplateUnknownModifier: PageRule {
    public static let description = RuleDescription(
        id: "template-unknown-modifier", domain: .template, severity: .error,
        summary: "A directive has a modifier Alpine does not know ('@click.prevnt', 'x-model.lazzy').",
        rationale: """
            Alpine ignores modifiers it does not know, so `@submit.prevnt` submits the form and \
            reloads the page. Keyboard events (`@keydown.enter`, `@keyup.page-down`) take any key \
            name as a modifier and are not checked; `.debounce` and `.throttle` take a duration \
            (`.500ms`). On SkipMiniApp any modifier stops `x-model` from being wired, known or \
            not: `template-model-modifier` reports those instead.
            """,
        triggering: [
            .file(
                "pages/index/index.html", "<body x-data=\"page\">\n  <form @submit.1️⃣prevnt=\"onSave\"></form>\n</body>\n",
                expected: [.at("1️⃣", "unknown modifier 'prevnt' on '@submit'; did you mean 'prevent'?").fixIt("prevent")])
        ],
        nonTriggering: [
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <input @input.debounce.300ms=\"onSearch()\" @keydown.ctrl.enter=\"onSend()\" x-model=\"store.title\">\n  <div x-show=\"store.title\" x-transition.scale.80.duration.200ms></div>\n</body>\n"
            )
        ])

    static let eventModifiers = [
        "prevent", "stop", "outside", "window", "document", "once", "debounce", "throttle", "self", "camel", "dot", "passive", "capture",
    ]
    static let modelModifiers = ["lazy", "number", "boolean", "debounce", "throttle", "fill", "change", "blur", "enter"]
    static let transitionModifiers = [
        "duration", "delay", "opacity", "scale", "origin", "top", "bottom", "left", "right", "center", "in", "out",
    ]
    static let bindModifiers = ["camel", "prop"]
    static let keyboardEvents: Set<String> = ["keydown", "keyup", "keypress"]

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        let bridged = runtime.has(.modelWiredOnceIntoLaunchPage) ? Set(page.modelBindings().map { ObjectIdentifier($0.use) }) : []
        return page.directives.flatMap { use -> [Finding] in
            let known: [String]
            switch use.directive.kind {
            case .on:
                if Self.keyboardEvents.contains(use.directive.argument?.lowercased() ?? "") { return [] }
                known = Self.eventModifiers
            case .model:
                // Where the bridge wires x-model, every modifier of a bridged one is
                // template-model-modifier's (or the checkbox rule's); view-local ones stay here.
                if bridged.contains(ObjectIdentifier(use)) { return [] }
                known = Self.modelModifiers
            case .transition: known = Self.transitionModifiers
            case .bind: known = Self.bindModifiers
            case .show: known = ["important"]
            case .teleport: known = ["prepend", "append"]
            case .ignore: known = ["self"]
            case .unknown: return []  // the unknown-directive rule's
            default: known = []
            }
            return use.directive.modifiers.compactMap { modifier -> Finding? in
                guard !known.contains(modifier.name), !Self.isValue(modifier.name) else { return nil }
                let start = use.attribute.nameRange.lowerBound
                let range = (start + modifier.range.lowerBound)..<(start + modifier.range.upperBound)
                let directiveName =
                    use.directive.isShorthand
                    ? String(use.attribute.name.prefix { $0 != "." })
                    : use.directive.kind.directiveName
                var message =
                    known.isEmpty
                    ? "'\(directiveName)' takes no modifiers; '\(modifier.name)' is ignored"
                    : "unknown modifier '\(modifier.name)' on '\(directiveName)'"
                let suggestion = known.isEmpty ? nil : NameSuggester.closest(to: modifier.name, in: known)
                if let suggestion { message += "; did you mean '\(suggestion)'?" }
                let span = page.span(range)
                return Finding(
                    message, at: span,
                    fixIt: suggestion.flatMap { LiteralFixIt.replacingName(modifier.name, with: $0, at: span, in: page.template?.file) })
            }
        }
    }

    /// Durations and numbers that follow `.debounce`, `.duration` or `.scale` (`500ms`, `1s`, `80`).
    static func isValue(_ modifier: String) -> Bool {
        var digits = Substring(modifier)
        if digits.hasSuffix("ms") { digits = digits.dropLast(2) } else if digits.hasSuffix("s") { digits = digits.dropLast() }
        return !digits.isEmpty && digits.allSatisfy(\.isNumber)
    }
}
