import Testing

@testable import MiniAppKit

@Suite struct TopLevelDeclarationsTests {
    /// "kind name" for each top-level declaration, in order.
    func declarations(_ source: String) -> [String] {
        let tokens = JavaScriptLexer.lex(SourceFile(path: "a.js", text: source)).tokens
        return TopLevelDeclarations(tokens: tokens).collect().map { "\($0.kind.rawValue) \($0.name)" }
    }

    @Test func readsEveryKindAtTheTopLevel() {
        #expect(
            declarations("let a = 1; const b = 2; var c; class D {} function e() {} async function f() {} function* g() {}")
                == ["let a", "const b", "var c", "class D", "function e", "function f", "function g"])
    }

    @Test func readsEachNameOfAListAndOfAPattern() {
        #expect(
            declarations("const a = 1, { b, c: d, e = 2, ...f } = x, [g, , h] = y;")
                == ["const a", "const b", "const d", "const e", "const f", "const g", "const h"])
    }

    @Test func skipsNamesInsideFunctionsBlocksObjectsAndParentheses() {
        let source = """
            function outer() { let inner = 1; var local; }
            if (ready) { let blockScoped = 1; }
            for (let i = 0; i < 3; i++) {}
            Page({ data: { let: 1 }, onLoad() { const x = 1; } });
            (function () { var hidden; })();
            class Box { method() { let y; } }
            """
        #expect(declarations(source) == ["function outer", "class Box"])
    }

    @Test func functionsAndClassesInExpressionsBindNoGlobalName() {
        #expect(
            declarations("var f = function named() {}, C = class Named {};\nx = function other() {};\nexports.y = class Y {};")
                == ["var f", "var C"])
    }

    @Test func statementsStartAfterAutomaticSemicolonInsertion() {
        let source = """
            const a = () => {}
            let b = [1, 2]
            class C extends Base {}
            var d = a
            function e() {}
            """
        #expect(declarations(source) == ["const a", "let b", "class C", "var d", "function e"])
    }

    @Test func letAsAName() {
        #expect(declarations("var let = 1;\nlet = 2;\nlet x;") == ["var let", "let x"])
    }

    @Test func rangesPointAtTheNameAndTheKeyword() throws {
        let file = SourceFile(path: "a.js", text: "x();\nconst value = 1;")
        let declaration = try #require(TopLevelDeclarations(tokens: JavaScriptLexer.lex(file).tokens).collect().first)
        #expect(String(decoding: file.bytes[declaration.range], as: UTF8.self) == "value")
        #expect(String(decoding: file.bytes[declaration.keywordRange], as: UTF8.self) == "const")
    }
}
