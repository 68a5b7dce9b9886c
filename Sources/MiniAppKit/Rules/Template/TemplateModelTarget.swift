/// `x-model` on something other than a `store.<key>` path.
public struct TemplateModelTarget: Rule {
    public static let description = RuleDescription(
        id: "template-model-target", domain: .template, severity: .error,
        summary: "'x-model' does not name a 'store.<key>' path.",
        rationale: """
            The runtime syncs `x-model` back to the logic layer only for elements whose `x-model` \
            starts with `store.`; it sends the rest of the path as the key. Any other target \
            (`x-model="title"`, `x-model="store"`) changes only the view and the page's data never \
            learns the input. View-local state in an inline `x-data` is not synced and is allowed. \
            On SkipMiniApp the bridge compares the text itself: a leading space \
            (`x-model=" store.title"`) or `store['title']` is never wired either, and a path \
            deeper than one key is `template-model-nested-key`'s.
            """,
        runtimeFacts: ["skip.model-wired-once"],
        triggering: [
            .file(
                "pages/index/index.html", "<body x-data=\"page\">\n  <input type=\"text\" x-model=\"1️⃣title\">\n</body>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'x-model' must name a page data key as 'store.<key>', found 'title': the view bridge wires only values that start with 'store.', so the page's data never receives this input; did you mean 'store.title'?"
                    )
                ]),
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <input type=\"text\" x-model=\"1️⃣ store.title\">\n  <input type=\"text\" x-model=\"2️⃣store['title']\">\n</body>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'x-model' value ' store.title' starts with a space: the view bridge wires only values that start exactly with 'store.', so the page's data never receives this input; remove the space"
                    ).fixIt("store.title"),
                    .at(
                        "2️⃣",
                        "'x-model' must name a page data key as 'store.<key>', found 'store['title']': the view bridge wires only values that start with 'store.', so the page's data never receives this input; did you mean 'store.title'?"
                    ),
                ]),
        ],
        nonTriggering: [
            // A page data key, and view-local state of an inline component.
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <input type=\"text\" x-model=\"store.title\">\n  <div x-data=\"{ draft: '' }\"><input x-model=\"draft\"></div>\n</body>\n"
            ),
            RuleExample(
                files: [
                    (
                        "pages/index/index.html",
                        "<body x-data=\"page\">\n  <input type=\"text\" x-model=\" store.title\">\n  <input type=\"text\" x-model=\"store.user.name\">\n</body>\n"
                    )
                ],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        if model.runtime.has(.modelWiredOnceIntoLaunchPage) { return bridgeFindings(model) }
        return model.pages.flatMap { page in
            page.uses(.model).compactMap { use -> Finding? in
                guard let expression = use.expression else { return nil }
                let path = expression.namePath
                if let path, path.count >= 2, path[0] == "store" { return nil }
                if let root = path?.first, page.scope(ofElement: use.element).localNames.contains(root) { return nil }
                return Finding(Self.notAKey(use, page: page), at: page.span(use.fileRange(expression.range)))
            }
        }
    }

    /// Where the bridge wires `x-model` (`skip.model-wired-once`): what it would not wire.
    private func bridgeFindings(_ model: ProjectModel) -> [Finding] {
        model.pages.flatMap { page in
            page.modelBindings().compactMap { binding -> Finding? in
                let use = binding.use
                guard binding.wiring == .notStorePath, let expression = use.expression else { return nil }
                let value = use.attribute.value ?? ""
                let notWired =
                    "the view bridge wires only values that start exactly with 'store.', so the page's data never receives this input"
                let trimmed = String(value.drop { $0.isWhitespace })
                if trimmed != value, trimmed.hasPrefix("store.") {
                    let range = use.attribute.valueRange ?? use.attribute.nameRange
                    let fixIt =
                        use.attribute.valueIsVerbatim
                        ? FixIt(message: "remove the space", span: page.span(range), replacement: trimmed) : nil
                    let space = value.first == " " ? "space" : "white space"
                    return Finding(
                        "'x-model' value '\(value)' starts with \(space == "space" ? "a space" : space): \(notWired); remove the \(space)",
                        at: page.span(range), fixIt: fixIt)
                }
                let path = expression.namePath
                if let path, path.count >= 2, path[0] == "store" {
                    // `store .title`, `store?.title`: a path to Alpine, but not the text the bridge looks for.
                    return Finding(
                        "'x-model' value '\(value)' does not start with 'store.': \(notWired); write 'store.\(path.dropFirst().joined(separator: "."))'",
                        at: page.span(use.fileRange(expression.range)))
                }
                return Finding(
                    Self.notAKey(
                        use, page: page,
                        reason: "the view bridge wires only values that start with 'store.', so the page's data never receives this input"),
                    at: page.span(use.fileRange(expression.range)))
            }
        }
    }

    /// "must name a page data key", with a suggestion: `store.title` for `title` when the
    /// page's data has it, or for `store['title']`.
    private static func notAKey(_ use: DirectiveUse, page: PageModel, reason: String? = nil) -> String {
        let text = use.attribute.value ?? ""
        var message = "'x-model' must name a page data key as 'store.<key>', found '\(text)'"
        if let reason { message += ": " + reason }
        let path = use.expression?.namePath
        if let path, path.first != "store", let data = page.script?.dataKeys, data.contains(path[0]) {
            message += "; did you mean 'store.\(path.joined(separator: "."))'?"
        } else if case .index(let object, let index)? = use.expression?.kind, case .identifier("store") = object.kind,
            case .string(let key) = index.kind, ModelBinding.isPlainName(key)
        {
            message += "; did you mean 'store.\(key)'?"
        }
        return message
    }
}
