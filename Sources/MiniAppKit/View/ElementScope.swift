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

extension ElementScope {
    static let empty = ElementScope(loopVariables: [], localNames: [], hasUnknownComponent: false)

    /// The scope of every element of a page, in one pass down the tree: an element sees its
    /// parent's scope plus what its own `x-for` and `x-data` add (an element's own `x-data`
    /// counts for its own directives, as in Alpine, and so does its own `x-for` for `:key`).
    public static func scopes(of template: PageTemplate, uses: [DirectiveUse]) -> [ElementScope] {
        var usesByElement: [Int: [DirectiveUse]] = [:]
        for use in uses where use.directive.kind == .for || use.directive.kind == .data {
            usesByElement[use.element, default: []].append(use)
        }
        var scopes: [ElementScope] = []
        scopes.reserveCapacity(template.elements.count)
        // Document order puts every parent before its children.
        for (index, element) in template.elements.enumerated() {
            var scope = element.parent.map { scopes[$0] } ?? .empty
            for use in usesByElement[index] ?? [] {
                if use.directive.kind == .for, let loop = use.loop {
                    scope.loopVariables.insert(loop.item)
                    if let indexName = loop.index { scope.loopVariables.insert(indexName) }
                } else if use.directive.kind == .data, let expression = use.expression {
                    switch expression.kind {
                    case .identifier("page"): break
                    case .object(let properties):
                        for property in properties { if case .name(let name) = property.key { scope.localNames.insert(name) } }
                    default: scope.hasUnknownComponent = true
                    }
                }
            }
            scopes.append(scope)
        }
        return scopes
    }
}

extension PageModel {
    /// The scope of the element at `index`: loops and inline components around it.
    public func scope(ofElement index: Int) -> ElementScope {
        index < elementScopes.count ? elementScopes[index] : .empty
    }

    /// The directive uses of one kind, in document order.
    public func uses(_ kind: AlpineDirective.Kind) -> [DirectiveUse] {
        directives.filter { $0.directive.kind == kind }
    }

    public func span(_ range: Range<Int>) -> SourceSpan { template?.span(range) ?? .file(templatePath) }
}
