/// What an expression on one element can read besides the page component: the variables of
/// enclosing `x-for` loops and the members of enclosing inline components
/// (`x-data="{ open: false }"`), whose state is the view's own.
public struct ElementScope: Sendable {
    public var loopVariables: Set<String>
    /// Keys of enclosing `x-data` object literals: view-local state, not the page's store.
    public var localNames: Set<String>
    /// An enclosing `x-data` names a component mactl cannot see (not `page`, not a literal):
    /// its names are unknown, so name checks stay quiet.
    public var hasUnknownComponent: Bool

    public func contains(_ name: String) -> Bool { loopVariables.contains(name) || localNames.contains(name) }
}

extension PageModel {
    /// The scope of the element at `index`: loops and inline components around it (an
    /// element's own `x-data` counts for its own directives, as in Alpine).
    public func scope(ofElement index: Int) -> ElementScope {
        guard let template else { return ElementScope(loopVariables: [], localNames: [], hasUnknownComponent: false) }
        let ancestors = Set(template.ancestors(of: index))
        var scope = ElementScope(loopVariables: [], localNames: [], hasUnknownComponent: false)
        for use in directives where ancestors.contains(use.element) || use.element == index {
            switch use.directive.kind {
            case .for:  // its own `:key` is evaluated in the loop's scope too
                if let loop = use.loop {
                    scope.loopVariables.insert(loop.item)
                    if let indexName = loop.index { scope.loopVariables.insert(indexName) }
                }
            case .data:
                guard let expression = use.expression else { continue }
                switch expression.kind {
                case .identifier("page"): break
                case .object(let properties):
                    for property in properties { if case .name(let name) = property.key { scope.localNames.insert(name) } }
                default: scope.hasUnknownComponent = true
                }
            default:
                break
            }
        }
        return scope
    }

    /// The directive uses of one kind, in document order.
    public func uses(_ kind: AlpineDirective.Kind) -> [DirectiveUse] {
        directives.filter { $0.directive.kind == kind }
    }

    public func span(_ range: Range<Int>) -> SourceSpan { template?.span(range) ?? .file(templatePath) }
}
