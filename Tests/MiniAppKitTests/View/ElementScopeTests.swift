import Testing

@testable import MiniAppKit

@Suite struct ElementScopeTests {
    /// The scope of the first element named `name`.
    func scope(of name: String, in html: String) throws -> ElementScope {
        let template = TemplateParser.parse(SourceFile(path: "pages/home/home.html", text: html))
        let index = try #require(template.elements.firstIndex { $0.name == name })
        return ElementScope.scopes(of: template, uses: DirectiveAnalysis.uses(in: template))[index]
    }

    @Test func followsLoopVariablesBackToTheStore() throws {
        let html = """
            <body x-data="page">
              <template x-for="(item, i) in store.items">
                <div><template x-for="tag in item.tags"><b></b></template></div>
              </template>
              <template x-for="n in 5"><i></i></template>
              <template x-for="row in store.grid[0]"><u></u></template>
            </body>
            """
        let inner = try scope(of: "b", in: html)
        #expect(inner.loopSources["item"] == .storeElements(path: [.member("items"), .element], collection: "store.items"))
        #expect(inner.loopSources["i"] == .primitive)
        #expect(
            inner.loopSources["tag"]
                == .storeElements(path: [.member("items"), .element, .member("tags"), .element], collection: "item.tags"))
        #expect(try scope(of: "i", in: html).loopSources["n"] == .primitive)
        #expect(
            try scope(of: "u", in: html).loopSources["row"]
                == .storeElements(path: [.member("grid"), .element, .element], collection: "store.grid[0]"))
    }

    @Test func aLoopOverAnythingElseHasNoSource() throws {
        let html = """
            <body x-data="page">
              <div x-data="{ list: [1, 2], store: {} }">
                <template x-for="a in list"><b></b></template>
                <template x-for="c in store.items"><i></i></template>
              </div>
              <template x-for="item in store.items">
                <div x-data="{ item: 1 }"><u></u></div>
              </template>
            </body>
            """
        #expect(try scope(of: "b", in: html).loopSources["a"] == nil)
        // An inline component's 'store' is not the page's.
        #expect(try scope(of: "i", in: html).loopSources["c"] == nil)
        #expect(try scope(of: "u", in: html).loopSources["item"] == nil)
    }

    @Test func aShapeIsFollowedAlongAStorePath() {
        let data = ScriptValueShape.object([
            ScriptMember("items", .array(element: .object([ScriptMember("id", .number), ScriptMember("tags", .array(element: .string))]))),
            ScriptMember("empty", .array(element: nil)),
        ])
        #expect(data.shape(at: [.member("items"), .element, .member("tags")]) == .array(element: .string))
        #expect(data.shape(at: [.member("items"), .element, .member("tags"), .element]) == .string)
        #expect(data.shape(at: [.member("items"), .member("length")]) == .number)
        #expect(data.shape(at: [.member("empty"), .element]) == nil)
        #expect(data.shape(at: [.member("missing")]) == nil)
    }
}
