import Testing
@testable import MiniAppKit

struct AlpineExpressionParserTests {
    private func parse(_ text: String) -> AlpineExpression? {
        try? AlpineExpressionParser.parse(text).get()
    }

    private func failure(_ text: String) -> String? {
        if case .failure(let failure) = AlpineExpressionParser.parse(text) {
            return "\(failure.range.lowerBound)-\(failure.range.upperBound) \(failure.message)"
        }
        return nil
    }

    @Test(arguments: [
        "onTap", "store.count", "store.items[0].name", "handler('onTap', item.id)", "count + 10", "count > 3",
        "count === 5 ? 'Yes' : 'No'", "'Hello ' + name", "!loading && count > 0", "count++", "count = 0",
        "items.push('c')", "$t('home.title')", "$t('greet', { name: store.user, 'n-2': 2, [key]: 3, })",
        "[1, 2, 3,]", "-x * (y % 2)", "a;", "// comment only\nstore.x", "null", "undefined", "3.14",
        "a.true", "$dispatch('notify', { id: 1 })", "store.open ? 'on' : store.fallback ? 'a' : 'b'",
    ])
    func acceptsWhatTheCSPBuildParses(text: String) {
        #expect(parse(text) != nil, "\(text): \(failure(text) ?? "")")
    }

    @Test(arguments: [
        ("`Hello ${name}`", "0-1 template literals are not supported by the Alpine CSP build; use '+' or a page handler"),
        ("() => go()", "3-5 arrow functions are not supported by the Alpine CSP build; name a page handler instead"),
        ("user?.name", "4-6 optional chaining '?.' is not supported by the Alpine CSP build"),
        ("a ?? b", "2-4 '??' is not supported by the Alpine CSP build; use '||' or a page handler"),
        ("{ ...defaults }", "2-5 spread '...' is not supported by the Alpine CSP build"),
        ("count += 1", "6-8 compound assignment '+=' is not supported by the Alpine CSP build"),
        ("typeof x", "0-6 'typeof' is not supported by the Alpine CSP build"),
        ("new Date()", "0-3 'new' is not supported by the Alpine CSP build"),
        ("a | b", "2-3 bitwise operators are not supported by the Alpine CSP build"),
        ("a << 2", "2-4 bitwise operators are not supported by the Alpine CSP build"),
        ("2 ** 3", "2-4 '**' is not supported by the Alpine CSP build"),
        ("a; b", "1-2 only one expression is allowed; the Alpine CSP build does not run several statements"),
        ("{ name }", "2-6 property 'name' needs a value ('name: name'); the Alpine CSP build has no shorthand properties"),
        ("", "0-0 the expression is empty"),
        ("a +", "3-3 the expression ends too early"),
        ("f(a", "3-3 expected ')' after the arguments"),
        ("'abc", "0-4 unterminated string"),
        ("1e3", "0-2 this number form is not supported by the Alpine CSP build; write plain digits"),
        ("a b", "2-3 unexpected 'b' after the expression"),
        ("1 = 2", "0-1 invalid assignment target"),
        ("é", "0-2 unexpected character 'é'"),
    ])
    func refusesWhatTheCSPBuildRefuses(text: String, expected: String) {
        #expect(failure(text) == expected)
    }

    @Test func keepsRangesAndStructure() throws {
        let expression = try #require(parse("handler('onTap', store.items[i].id)"))
        guard case .call(let callee, let arguments) = expression.kind else {
            Issue.record("not a call")
            return
        }
        #expect(callee.namePath == ["handler"])
        #expect(arguments.count == 2)
        #expect(arguments[0].kind == .string("onTap"))
        #expect(arguments[0].range == 8..<15)
        #expect(arguments[1].range == 17..<34)
        #expect(expression.rootIdentifiers.map(\.name) == ["handler", "store", "i"])
    }

    @Test func deepNestingIsRefusedNotRecursedInto() {
        let text = String(repeating: "(", count: 10_000) + "a" + String(repeating: ")", count: 10_000)
        #expect(failure(text)?.hasSuffix("the expression nests deeper than 64 levels") == true)
    }
}
