/// What an expression on one element can read besides the page component: the variables of
/// enclosing `x-for` loops and the members of enclosing inline components
/// (`x-data="{ open: false }"`), whose state is the view's own.
public struct ElementScope: Sendable {
    public var loopVariables: Set<String>
    /// Where the values of each loop variable come from, for the variables mactl can follow
    /// back to the page's store (or that are always primitives); a variable whose collection
    /// is anything else is absent.
    public var loopSources: [String: LoopSource] = [:]
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
                    // The collection is read in the scope around the loop, before its own variables.
                    let items = use.expression.flatMap { LoopSource.items(of: $0, text: loop.collection, in: scope) }
                    scope.loopVariables.insert(loop.item)
                    scope.loopSources[loop.item] = items
                    if let indexName = loop.index {
                        scope.loopVariables.insert(indexName)
                        scope.loopSources[indexName] = .primitive
                    }
                } else if use.directive.kind == .data, let expression = use.expression {
                    switch expression.kind {
                    case _ where expression.namesPageComponent: break
                    case .object(let properties):
                        for property in properties {
                            if case .name(let name) = property.key {
                                scope.localNames.insert(name)
                                scope.loopSources[name] = nil  // an inner component's name hides a loop's
                            }
                        }
                    default: scope.hasUnknownComponent = true
                    }
                }
            }
            scopes.append(scope)
        }
        return scopes
    }
}

/// Where the values of an `x-for` variable come from.
public enum LoopSource: Sendable, Hashable {
    /// The elements of a collection in the page's store: `item in store.items` is
    /// `.storeElements(path: [.member("items")], collection: "store.items")`, and a loop over
    /// an item's member adds to its loop's path (`tag in item.tags`). Values read through
    /// `store` are Alpine's reactive proxies of the data.
    case storeElements(path: [StorePathStep], collection: String)
    /// Always a number or a string: a loop's index or key, or an item of `x-for="i in 5"`.
    case primitive

    /// One step from the store's root to a value.
    public enum StorePathStep: Sendable, Hashable {
        case member(String)
        /// An element of an array.
        case element
    }

    /// The source of the items of a loop over `collection`, read in `scope` (around the loop).
    static func items(of collection: AlpineExpression, text: String, in scope: ElementScope) -> LoopSource? {
        if case .number = collection.kind { return .primitive }  // x-for="i in 5": 1…5
        guard let path = storePath(of: collection, in: scope) else { return nil }
        return .storeElements(path: path + [.element], collection: text)
    }

    /// The path from the store's root to what `expression` reads, when it is `store.a.b`, an
    /// index of it, or a path through a loop variable whose source is the store.
    static func storePath(of expression: AlpineExpression, in scope: ElementScope) -> [StorePathStep]? {
        switch expression.kind {
        case .identifier("store"):
            return scope.contains("store") ? nil : []
        case .identifier(let name):
            if case .storeElements(let path, _) = scope.loopSources[name] { return path }
            return nil
        case .member(let object, let name, _):
            return storePath(of: object, in: scope).map { $0 + [.member(name)] }
        case .index(let object, let index):
            guard case .number = index.kind else { return nil }
            return storePath(of: object, in: scope).map { $0 + [.element] }
        default:
            return nil
        }
    }
}

extension ScriptValueShape {
    /// The shape at `path` from this one (the page's `data`), nil when the shapes do not say.
    func shape(at path: [LoopSource.StorePathStep]) -> ScriptValueShape? {
        var shape = self
        for step in path {
            switch (step, shape) {
            case (.element, .array(let element)):
                guard let element else { return nil }
                shape = element
            case (.member("length"), .array), (.member("length"), .string):
                shape = .number
            case (.member(let name), .object):
                guard let member = shape.member(name) else { return nil }
                shape = member
            default:
                return nil
            }
        }
        return shape
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
