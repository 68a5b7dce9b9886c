/// How SkipMiniApp's view bridge treats each `x-model` of a page (`skip.model-wired-once`):
/// once Alpine has started, `document.querySelectorAll('[x-model]')` finds the elements whose
/// attribute is named exactly `x-model`, and those whose value starts with `store.` post the
/// rest of the value as a flat key on each `input` event.
///
/// One classification for the `x-model` rules, so that each mistake is reported by one rule:
/// a checkbox by `template-model-on-checkbox`, a modifier by `template-model-modifier`, a value
/// that is not a `store.` path by `template-model-target`; a wired element on another page
/// than the launch page by `template-model-off-launch-page` (its fix, a handler, mends
/// everything else), and on the launch page a non-flat key by `template-model-nested-key` and a
/// `<template x-if>` or `x-for` around it by `template-model-in-template`.
struct ModelBinding {
    enum Wiring: Equatable {
        /// A checkbox, or a radio button without a `value`: it posts its `value` whatever its state.
        case checkbox
        /// The attribute name is not exactly `x-model` (`x-model.lazy`): never matched.
        case modifier
        /// The value does not start with `store.`: never wired.
        case notStorePath
        /// Wired; `key` is the text after `store.`, the key the runtime writes.
        case wired(key: String)
    }

    let use: DirectiveUse
    let wiring: Wiring
    /// The `x-if` or `x-for` of each `<template>` around the element, nearest first.
    let templatesAround: [DirectiveUse]

    /// The key as the author meant it, for suggestions: `user.name` for `store.user.name`.
    var pathAfterStore: [String]? {
        guard let path = use.expression?.namePath, path.count >= 2, path[0] == "store" else { return nil }
        return Array(path.dropFirst())
    }

    /// A handler name for the suggested `@input="handler('onName', …)"`: `onUserName` for
    /// `store.user.name`, `onInput` when the key is not a path of names.
    var suggestedHandler: String {
        guard let path = pathAfterStore else { return "onInput" }
        return "on" + path.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// Whether `text` is one name, as `store.<name>` needs to be a flat key.
    static func isPlainName(_ text: String) -> Bool {
        if case .success(let expression) = AlpineExpressionParser.parse(text), case .identifier(text) = expression.kind { return true }
        return false
    }

    /// The form that works wherever the bridge does not wire the element.
    var handlerForm: String {
        let value = pathAfterStore.map { ":value=\"store.\($0.joined(separator: "."))\" " } ?? ""
        return "\(value)@input=\"handler('\(suggestedHandler)', $event.target.value)\""
    }
}

extension PageModel {
    /// The page's `x-model` directives as the bridge treats them, in document order. Empty
    /// without an `x-data="page"` element (nothing is wired at all; the missing-root rule says
    /// so). Leaves out view-local models (`x-model="open"` inside `x-data="{ open: false }"`),
    /// which are meant to stay in the view, and elements inside a `<template>` that Alpine never
    /// renders (no `x-if`, `x-for` or `x-teleport`), which are not in the document.
    func modelBindings() -> [ModelBinding] {
        guard let template, hasPageComponent else { return [] }
        // Looked up once per page: a template may hold thousands of fields, nested deep.
        var rendering: [Int: [DirectiveUse]] = [:]
        for use in directives where [.if, .for, .teleport].contains(use.directive.kind) { rendering[use.element, default: []].append(use) }
        let components = Set(uses(.data).map(\.element))
        return uses(.model).compactMap { use in
            guard let around = templates(around: use.element, in: template, rendering: rendering, components: components) else {
                return nil
            }
            let value = use.attribute.value ?? ""
            let root = use.expression?.namePath?.first
            if let root, root != "store", scope(ofElement: use.element).localNames.contains(root) { return nil }
            let wiring: ModelBinding.Wiring
            if Self.postsValueAttribute(template.elements[use.element], in: template) {
                wiring = .checkbox
            } else if use.attribute.lowercasedName != "x-model" {
                wiring = .modifier
            } else if value.hasPrefix("store.") {
                wiring = .wired(key: String(value.dropFirst(6)))
            } else {
                wiring = .notStorePath
            }
            return ModelBinding(use: use, wiring: wiring, templatesAround: around)
        }
    }

    /// Whether the template has the `x-data="page"` component whose `init` wires `x-model`.
    var hasPageComponent: Bool {
        uses(.data).contains { $0.expression?.namesPageComponent == true }
    }

    /// A checkbox, which posts its `value` (`"on"`) checked or not, or a radio button without a
    /// `value`, which posts `"on"` whichever is selected. A radio button with a `value` posts
    /// that value when it is selected, which is what the author wants.
    static func postsValueAttribute(_ element: TemplateElement, in template: PageTemplate) -> Bool {
        guard element.name == "input", let type = template.attribute(named: "type", of: element)?.value?.lowercased() else {
            return false
        }
        return type == "checkbox" || (type == "radio" && template.attribute(named: "value", of: element) == nil)
    }

    /// The `x-if` or `x-for` of each `<template>` around an element, nearest first; nil inside
    /// a `<template>` Alpine does not render, whose content is not in the document: Alpine
    /// renders one only for an `x-if`, `x-for` or `x-teleport` inside a component.
    private func templates(
        around element: Int, in template: PageTemplate, rendering: [Int: [DirectiveUse]], components: Set<Int>
    ) -> [DirectiveUse]? {
        let ancestors = template.ancestors(of: element)
        // A template is inside a component when the outermost component is it or above it.
        let outermostComponent = ancestors.lastIndex(where: components.contains) ?? -1
        var around: [DirectiveUse] = []
        for (position, ancestor) in ancestors.enumerated() where template.elements[ancestor].name == "template" {
            guard let uses = rendering[ancestor], outermostComponent >= position else { return nil }
            if let use = uses.first(where: { $0.directive.kind == .if || $0.directive.kind == .for }) { around.append(use) }
        }
        return around
    }

    /// The page's wired `x-model`s when they write into this page's own data: on the launch
    /// page, or on every page when the launch page is unknown. On another page they are all
    /// `template-model-off-launch-page`'s.
    func ownModelBindings(in model: ProjectModel) -> [(binding: ModelBinding, key: String)] {
        if let launch = model.launchPage, launch.route != route { return [] }
        return modelBindings().compactMap { binding in
            if case .wired(let key) = binding.wiring { return (binding, key) }
            return nil
        }
    }
}
