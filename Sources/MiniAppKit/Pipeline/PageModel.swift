/// One page of the manifest with its parsed files: the template (libxml2) and the script
/// (JavaScriptCore and the lexer). What the template and script rules check.
public struct PageModel: Sendable {
    /// The canonical route (`pages/home/home`).
    public var route: String
    /// The `pages` entry that lists the page, for diagnostics about the page as a whole.
    public var manifestNode: JSONNode
    public var templatePath: String
    /// `nil` when the template file is missing (the manifest rules report that).
    public var template: PageTemplate?
    /// The template's directives with their values parsed (empty without a template).
    public var directives: [DirectiveUse]
    /// The scope of each element, by element index (empty without a template).
    public var elementScopes: [ElementScope]
    /// Every handler name the template refers to.
    public var boundHandlerNames: Set<String>
    public var scriptPath: String
    /// `nil` when the page has no script (allowed: a page may be static).
    public var script: ScriptModel?
    /// Whether a tab of the tab bar opens this page.
    public var isTab: Bool

    /// What the rules read of a template besides the tree: its directives, each element's
    /// scope and the handler names. One builder for the project model and the fuzz harness,
    /// so a fuzzed page is modelled exactly as a linted one.
    public struct TemplateFacts: Sendable {
        public var directives: [DirectiveUse]
        public var elementScopes: [ElementScope]
        public var boundHandlerNames: Set<String>

        init(directives: [DirectiveUse], elementScopes: [ElementScope], boundHandlerNames: Set<String>) {
            self.directives = directives
            self.elementScopes = elementScopes
            self.boundHandlerNames = boundHandlerNames
        }

        public init(_ template: PageTemplate?) {
            let uses = template.map(DirectiveAnalysis.uses) ?? []
            directives = uses
            elementScopes = template.map { ElementScope.scopes(of: $0, uses: uses) } ?? []
            boundHandlerNames = DirectiveAnalysis.boundHandlerNames(in: uses)
        }
    }

    /// Replaces the template and everything derived from it.
    public mutating func setTemplate(_ template: PageTemplate?, facts: TemplateFacts? = nil) {
        let facts = facts ?? TemplateFacts(template)
        self.template = template
        directives = facts.directives
        elementScopes = facts.elementScopes
        boundHandlerNames = facts.boundHandlerNames
    }
}

/// A logic-layer script: what running it registered, and what its tokens show.
public struct ScriptModel: Sendable {
    public var file: SourceFile
    public var registration: ScriptRegistration
    public var tokens: [JavaScriptToken]
    /// Comment ranges, for inline suppressions.
    public var comments: [Range<Int>]
    public var facts: ScriptFacts
    /// The last `Page(...)` registration: the one the runtime keeps.
    public let page: RegistrationCall?
    /// Data keys at the top level of the page's `data`.
    public let dataKeys: Set<String>
    public let handlerNames: [String]
    /// The script's top-level declarations, in source order: collected once, as the rules
    /// about the one script context all scripts share and the host-argument rules' constants
    /// each read them.
    let topLevelDeclarations: [TopLevelDeclaration]

    public init(file: SourceFile, registration: ScriptRegistration, lexed: LexedScript) {
        self.file = file
        self.registration = registration
        self.tokens = lexed.tokens
        self.comments = lexed.comments
        self.facts = ScriptFacts.extract(from: lexed)
        // Stored, not computed: the rules ask for these once per directive.
        page = registration.pageCalls.last
        dataKeys = Set(page?.data?.members.map(\.name) ?? [])
        handlerNames = page?.handlerNames ?? []
        topLevelDeclarations = TopLevelDeclarations(tokens: lexed.tokens).collect()
    }

    /// True when the script ran to the end; otherwise checks against it are skipped.
    public var loaded: Bool { registration.issue == nil }

    /// The range of a member's key in an object literal (`onTap` in `onTap() {}` or
    /// `onTap: function`), for diagnostics about a registered member; the first match wins.
    public func memberKeyRange(_ name: String) -> Range<Int>? {
        for index in tokens.indices.dropLast() where tokens[index].text == name {
            let kind = tokens[index].kind
            guard kind == .identifier || kind == .string else { continue }
            let next = tokens[index + 1].text
            let previous = index > 0 ? tokens[index - 1].text : ""
            if (next == "(" || next == ":") && (previous == "{" || previous == ",") { return tokens[index].range }
        }
        return nil
    }
}
