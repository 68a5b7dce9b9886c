/// Where a name an editor points at is defined, what it reads as, and what may be written
/// there: the model's handlers, data keys, locale keys and pages, and the rules a suppression
/// names, for `mactl lsp`'s go to definition, hover and completion.
public struct ProjectNavigation: Sendable {
    public var model: ProjectModel

    public init(model: ProjectModel) {
        self.model = model
    }

    /// A place a definition is: a file of the project and a range in it.
    public struct Target: Sendable, Hashable {
        public var path: String
        public var range: Range<Int>
    }

    /// One completion: the name, what kind of name it is, and a line about it.
    public struct Completion: Sendable, Hashable {
        public var label: String
        /// What the name is, as the context it completes.
        public var kind: CursorContext.Kind
        public var detail: String
    }

    /// The page whose template or script is `path`.
    public func page(for path: String) -> PageModel? {
        model.pages.first { $0.templatePath == path || $0.scriptPath == path }
    }

    /// Where the name of `context` is defined; empty when nowhere.
    public func definitions(of context: CursorContext, in path: String) -> [Target] {
        switch context.kind {
        case .translationKey:
            return model.locales.catalogs.sorted { $0.path < $1.path }.compactMap { catalog in
                catalog.entry(context.text).map { Target(path: catalog.path, range: $0.keyRange) }
            }
        case .handler:
            guard let script = page(for: path)?.script, let range = script.memberKeyRange(context.text) else { return [] }
            return [Target(path: script.file.path, range: range)]
        case .storeKey:
            guard let script = page(for: path)?.script else { return [] }
            if let range = script.memberKeyRange(context.text) { return [Target(path: script.file.path, range: range)] }
            // Set only by `setData`: each call that names the key.
            return script.facts.setDataCalls.flatMap { call in
                call.keys.filter { $0.name.map(ScriptUndeclaredSetDataKey.rootKey) == context.text }.map {
                    Target(path: script.file.path, range: $0.keyRange)
                }
            }
        case .pageURL:
            let route = NavigationTarget.route(for: context.text)
            guard let page = model.pages.first(where: { $0.route == route }) else { return [] }
            let path = model.project.contains(page.templatePath) ? page.templatePath : page.scriptPath
            guard model.project.contains(path) else { return [] }
            return [Target(path: path, range: 0..<0)]
        case .ruleID:
            return []
        }
    }

    /// A translation key's text in each locale, the default first, as Markdown; nil for a
    /// context that is no key, or a key no locale has.
    public func hover(for context: CursorContext) -> String? {
        if context.kind == .ruleID {
            guard let rule = RuleRegistry.descriptions.first(where: { $0.id == context.text }) else { return nil }
            return "**\(rule.id)** (\(rule.defaultSeverity.rawValue) by default)\n\n\(rule.summary)\n\n"
                + "[docs/rules.md](\(DiagnosticEntry(rule: rule).documentationURL))"
        }
        guard context.kind == .translationKey else { return nil }
        let catalogs = model.locales.catalogs.sorted { lhs, rhs in
            let lhsDefault = lhs.path == model.locales.defaultCatalog?.path
            let rhsDefault = rhs.path == model.locales.defaultCatalog?.path
            return lhsDefault != rhsDefault ? lhsDefault : lhs.tag < rhs.tag
        }
        guard catalogs.contains(where: { $0.entry(context.text) != nil }) else { return nil }
        var lines = ["**\(context.text)**", ""]
        for catalog in catalogs {
            let isDefault = catalog.path == model.locales.defaultCatalog?.path
            let label = "`\(catalog.tag)`" + (isDefault ? " (default)" : "")
            switch catalog.entry(context.text)?.value {
            case .text(let text): lines.append("- \(label): \(text)")
            case .nested: lines.append("- \(label): a nested object, which the runtime cannot read")
            case .other(let typeName): lines.append("- \(label): \(typeName), not text")
            case nil: lines.append("- \(label): missing" + (isDefault ? "" : ", shows the default's text"))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The names that may be written where `context` is, in order, whose start is the prefix
    /// already typed.
    public func completions(for context: CursorContext, in path: String) -> [Completion] {
        let candidates: [Completion]
        switch context.kind {
        case .handler:
            candidates = (page(for: path)?.script?.handlerNames ?? []).map {
                Completion(label: $0, kind: .handler, detail: "handler of Page({...})")
            }
        case .storeKey:
            guard let script = page(for: path)?.script else { return [] }
            var keys = script.page?.data?.members.map(\.name) ?? []
            for call in script.facts.setDataCalls {
                for member in call.keys {
                    if let name = member.name.map(ScriptUndeclaredSetDataKey.rootKey), !keys.contains(name) { keys.append(name) }
                }
            }
            candidates = keys.map { Completion(label: $0, kind: .storeKey, detail: "page data") }
        case .translationKey:
            let texts = model.locales.defaultCatalog?.texts ?? [:]
            let keys = Set(model.locales.catalogs.flatMap { $0.entries.map(\.key) })
            candidates = keys.sorted().map { Completion(label: $0, kind: .translationKey, detail: texts[$0] ?? "") }
        case .pageURL:
            candidates = model.pages.map { Completion(label: $0.route, kind: .pageURL, detail: $0.isTab ? "tab page" : "page") }
        case .ruleID:
            candidates = RuleRegistry.descriptions.map { Completion(label: $0.id, kind: .ruleID, detail: $0.summary) }
        }
        return candidates.filter { $0.label.hasPrefix(context.prefix) }
    }
}
