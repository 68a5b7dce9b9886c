import Testing

@testable import MiniAppKit

@Suite struct ScriptFactsTests {
    func extract(_ source: String) -> (ScriptFacts, SourceFile) {
        let file = SourceFile(path: "pages/home/home.js", text: source)
        return (ScriptFacts.extract(from: file), file)
    }

    func text(_ range: Range<Int>, in file: SourceFile) -> String {
        String(decoding: file.bytes[range], as: UTF8.self)
    }

    func location(_ range: Range<Int>, in file: SourceFile) -> String {
        let position = file.position(at: range.lowerBound)
        return "\(position.line):\(position.column)"
    }

    @Test func findsHostAPICallsWithTheirArguments() {
        let (facts, file) = extract(
            """
            Page({
              onTap() {
                skip.nav.navigateTo({ url: 'pages/detail/detail', query: { id: this.data.id } });
                miniapp.nav.redirectTo({ url: `pages/home/home` });
                skip.nav.switchTab({ url: base + '/x', });
                skip.nav.setNavigationBarTitle({ title: 'detail.title' });
                const label = skip.i18n.t('cart.items', { count: 3, name });
                skip.i18n.plural(n, { one: '# item', 'other': "# items" });
                skip.log?.('x');
                skip.net.fetch(url).then((response) => response.json());
                skip.fs.root.getFileHandle('a.txt', { create: true }).write(skip.i18n.n(1));
              },
            });
            """)
        let calls = facts.hostAPICalls
        #expect(
            calls.map(\.name) == [
                "skip.nav.navigateTo", "miniapp.nav.redirectTo", "skip.nav.switchTab", "skip.nav.setNavigationBarTitle",
                "skip.i18n.t", "skip.i18n.plural", "skip.log", "skip.net.fetch", "skip.fs.root.getFileHandle", "skip.i18n.n",
            ])
        #expect(calls[1].member == "nav.redirectTo")
        #expect(calls.map { location($0.range, in: file) } == ["3:5", "4:5", "5:5", "6:5", "7:19", "8:5", "9:5", "10:5", "11:5", "11:65"])

        let navigate = calls[0].argument(0)?.value.objectLiteral
        #expect(navigate?.members.compactMap(\.name) == ["url", "query"])
        let url = navigate?.member(named: "url")
        #expect(url?.value == .string("pages/detail/detail"))
        #expect(url.map { location($0.valueRange, in: file) } == "3:32")
        #expect(url.map { location($0.keyRange, in: file) } == "3:27")
        #expect(navigate?.member(named: "query")?.value.objectLiteral?.members.first?.value == .dynamic)

        #expect(calls[1].argument(0)?.value.objectLiteral?.member(named: "url")?.value == .string("pages/home/home"))
        let dynamicURL = calls[2].argument(0)?.value.objectLiteral?.member(named: "url")
        #expect(dynamicURL?.value == .dynamic)
        #expect(dynamicURL.map { text($0.valueRange, in: file) } == "base + '/x'")
        #expect(calls[3].argument(0)?.value.objectLiteral?.member(named: "title")?.value == .string("detail.title"))

        let translate = calls[4]
        #expect(translate.argument(0)?.value == .string("cart.items"))
        #expect(translate.argument(0).map { location($0.range, in: file) } == "7:31")
        #expect(translate.argument(1)?.value.objectLiteral?.members.compactMap(\.name) == ["count", "name"])

        let plural = calls[5]
        #expect(plural.argument(0)?.value == .dynamic)
        #expect(plural.argument(1)?.value.objectLiteral?.members.map(\.value) == [.string("# item"), .string("# items")])
        #expect(plural.argument(1)?.value.objectLiteral?.members.compactMap(\.name) == ["one", "other"])
        #expect(calls[6].arguments.map(\.value) == [.string("x")])
        #expect(calls[7].arguments.map(\.value) == [.dynamic])
        #expect(calls[8].arguments.count == 2)
    }

    @Test func ignoresWhatOnlyLooksLikeTheHostAPI() {
        let (facts, _) = extract(
            """
            const api = { skip: 1 };
            api.skip.nav.navigateTo({ url: 'x' });
            const nav = skip.nav;
            skip.nav;
            skip('x');
            """)
        #expect(facts.hostAPICalls.isEmpty)
        let (shadowed, _) = extract("function run(skip) { skip.nav.navigateTo({ url: 'x' }); }")
        #expect(shadowed.hostAPICalls.isEmpty)
    }

    @Test func readsSetDataKeys() {
        let (facts, file) = extract(
            """
            Page({
              onLoad() {
                this.setData({ count: 1, 'user.name': name, [key]: value, items, ...rest, 'list[0].done': true });
                const that = this;
                skip.net.fetch(url).then(() => { that.setData({ loaded: true }); });
                this.setData(patch);
                other.setData({ ignored: true });
              },
            });
            """)
        #expect(facts.setDataCalls.map(\.receiver) == ["this", "that", "this"])
        #expect(facts.setDataCalls.map { location($0.range, in: file) } == ["3:5", "5:38", "6:5"])
        let keys = facts.setDataCalls[0].keys
        #expect(keys.map(\.key) == [.name("count"), .name("user.name"), .computed, .name("items"), .name("list[0].done")])
        #expect(keys.map { location($0.keyRange, in: file) } == ["3:20", "3:30", "3:49", "3:63", "3:79"])
        #expect(facts.setDataCalls[0].patch?.value.objectLiteral?.hasSpread == true)
        #expect(facts.setDataCalls[1].keys.compactMap(\.name) == ["loaded"])
        #expect(facts.setDataCalls[2].keys.isEmpty)
        #expect(facts.setDataCalls[2].patch?.value == .dynamic)
    }

    @Test func findsBrowserGlobalsThatAreNotShadowed() {
        let (facts, file) = extract(
            """
            const title = document.title;
            const options = { window: 1, alert() {}, get history() { return 1; } };
            storage.localStorage.getItem('k');
            if (typeof window !== 'undefined') { window.scrollTo(0, 0); }
            function read(navigator) { return navigator.userAgent; }
            const { location, a: [confirm] } = router;
            alert('hi');
            fetch('https://example.com').then((prompt) => prompt);
            let sessionStorage = 1, indexedDB = open(), WebSocket;
            sessionStorage + indexedDB + WebSocket;
            Page({ data: { XMLHttpRequest } });
            """)
        #expect(
            facts.browserGlobalUses.map { "\($0.name) \(location($0.range, in: file))\($0.isTypeofGuard ? " typeof" : "")" } == [
                "document 1:15", "window 4:12 typeof", "window 4:38", "alert 7:1", "fetch 8:1", "XMLHttpRequest 11:16",
            ])
    }

    @Test func findsRegistrationCallSites() {
        let (facts, file) = extract("App({});\nPage({ data: {} });\nPage ({});\nthis.Page({});\nconst x = { Page: 1 };")
        #expect(facts.registrationCalls.map(\.function) == [.app, .page, .page])
        #expect(facts.registrationCalls.map { location($0.range, in: file) } == ["1:1", "2:1", "3:1"])
    }

    @Test func readsKeysOfEveryKind() {
        let (facts, _) = extract(
            "skip.log({ a: 1, 'b': 'x', 0: '', [k]: 2, get c() {}, async d() {}, *e() {}, f, g: { h: { i: 'deep' } } });")
        let literal = facts.hostAPICalls.first?.argument(0)?.value.objectLiteral
        #expect(
            literal?.members.map(\.key) == [
                .name("a"), .name("b"), .name("0"), .computed, .name("c"), .name("d"), .name("e"), .name("f"), .name("g"),
            ])
        #expect(literal?.member(named: "b")?.value == .string("x"))
        #expect(
            literal?.member(named: "g")?.value.objectLiteral?.member(named: "h")?.value.objectLiteral?.member(named: "i")?.value
                == .string("deep"))
    }

    @Test func survivesUnbalancedAndDeeplyNestedInput() {
        let deep = "skip.log(" + String(repeating: "{ a: ", count: 5000) + "1" + String(repeating: " }", count: 5000) + ");"
        let (facts, _) = extract(deep)
        #expect(facts.hostAPICalls.count == 1)
        let (broken, _) = extract("skip.nav.navigateTo({ url: 'x' ; this.setData({ a: ) ] window")
        #expect(broken.hostAPICalls.map(\.name) == ["skip.nav.navigateTo"])
        #expect(broken.hostAPICalls.first?.arguments.isEmpty == true)
        #expect(broken.browserGlobalUses.map(\.name) == ["window"])
    }
}
