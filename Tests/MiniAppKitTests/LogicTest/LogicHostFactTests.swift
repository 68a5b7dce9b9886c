import Testing

@testable import MiniAppKit

/// One test per runtime fact `mactl test`'s host simulates: each builds an app in memory whose
/// test file checks the fact with `expect`, so a passing run shows the host behaves as
/// SkipMiniApp's runtime does (each test cites its fact in docs/runtimes.md).
@Suite struct LogicHostFactTests {
    static let testPath = "tests/x.test.js"
    static let pages = ["pages/a/a", "pages/b/b", "pages/c/c"]
    static let emptyTemplate = #"<div x-data="page"></div>"#

    static func manifest(pages: [String], tabs: [String]? = nil, lang: String? = nil) -> String {
        let list = pages.map { "\"\($0)\"" }.joined(separator: ", ")
        var members = [
            #""app_id": "com.example.facts", "name": "Facts", "icons": [], "version": {"code": 1, "name": "1.0.0"}"#,
            #""platform_version": {"min_code": 1}, "pages": ["# + list + "]",
        ]
        if let lang { members.append("\"lang\": \"\(lang)\"") }
        if let tabs {
            let items = tabs.map { "{\"page\": \"\($0)\", \"text\": \"\($0.split(separator: "/").last ?? "")\"}" }.joined(separator: ", ")
            members.append("\"tab_bar\": {\"tabs\": [\(items)]}")
        }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// Runs the app made of `files` (every page gets an empty template unless it has one) with
    /// `testFile` as tests/x.test.js.
    func run(
        _ files: [String: String], testFile: String, pages: [String] = Self.pages, tabs: [String]? = nil, lang: String? = nil,
        options: LogicTestRunner.Options = .init()
    ) -> LogicTestRun {
        var contents = files
        contents["manifest.json"] = Self.manifest(pages: pages, tabs: tabs, lang: lang)
        for page in pages where contents[page + ".html"] == nil { contents[page + ".html"] = Self.emptyTemplate }
        contents[Self.testPath] = testFile
        return LogicTestRunner.run(ProjectModel(project: Project(contents: contents)), options: options)
    }

    /// Runs one async test named "fact" whose body is `body` (its first line is line 2 of the file).
    func fact(_ files: [String: String], _ body: String, tabs: [String]? = nil, lang: String? = nil) -> LogicTestRun {
        run(files, testFile: "test('fact', async () => {\n" + body + "\n});\n", tabs: tabs, lang: lang)
    }

    /// Runs `body` against an app whose launch page pages/a/a has `script` and `template`.
    func page(_ script: String, template: String = Self.emptyTemplate, _ body: String) -> LogicTestRun {
        fact(["pages/a/a.js": script, "pages/a/a.html": template], body)
    }

    /// The one test passed, with nothing left in app.errors.
    func expectPassed(_ run: LogicTestRun, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.fileProblems == [], sourceLocation: sourceLocation)
        #expect(
            run.results == [LogicTestResult(file: Self.testPath, name: "fact", status: .passed, failure: nil, appErrors: [])],
            sourceLocation: sourceLocation)
    }

    // MARK: - App

    // docs/runtimes.md, skip.app-registration, skip.lifecycle-hooks: app.js runs, then
    // onLaunch({path: '', query: ''}), then App onShow() with no arguments, then the launch page's
    // onLoad, onReady, onShow.
    @Test func appCallbacksRunBeforeThePageInOrder() {
        expectPassed(
            fact(
                [
                    "app.js": #"""
                    skip.log('app.js');
                    App({ onLaunch: function (o) { skip.log('onLaunch', o); }, onShow: function () { skip.log('App onShow', arguments.length); },
                      onHide: function () { skip.log('App onHide'); }, onError: function () { skip.log('App onError'); } });
                    """#,
                    "pages/a/a.js": #"""
                    Page({ onLoad: function (o) { skip.log('onLoad', o); }, onReady: function () { skip.log('onReady', arguments.length); },
                      onShow: function () { skip.log('onShow', arguments.length); } });
                    """#,
                ],
                #"""
                await app.launch();
                expect(app.logs).toEqual(['app.js', 'onLaunch {"path":"","query":""}', 'App onShow 0', 'onLoad {"query":""}', 'onReady 0', 'onShow 0']);
                """#))
    }

    // docs/runtimes.md, skip.app-registration: a second App() replaces only the callbacks it gives;
    // members that are not functions are dropped.
    @Test func secondAppReplacesOnlyTheCallbacksItGives() {
        expectPassed(
            fact(
                [
                    "app.js": #"""
                    App({ onLaunch: function () { skip.log('first onLaunch'); }, onShow: function () { skip.log('first onShow'); } });
                    App({ onShow: function () { skip.log('second onShow'); }, onLaunch: 'not a function' });
                    """#
                ],
                #"""
                await app.launch();
                expect(app.logs).toEqual(['first onLaunch', 'second onShow']);
                """#))
    }

    // docs/runtimes.md, skip.app-registration: `this` in App callbacks is the global object, not the
    // options (no globalData).
    @Test func appCallbacksDoNotGetTheOptionsAsThis() {
        expectPassed(
            fact(
                [
                    "app.js": #"""
                    App({ globalData: { user: 'Ann' }, onLaunch: function () { skip.log(this === globalThis, this.globalData === undefined); } });
                    """#
                ],
                #"""
                await app.launch();
                expect(app.logs).toEqual(['true true']);
                """#))
    }

    // MARK: - Page and setData

    // docs/runtimes.md, skip.page-registration: data is deep-copied with JSON: functions and undefined
    // lost, a Date becomes a string.
    @Test func pageDataIsAJSONCopy() {
        expectPassed(
            page(
                #"""
                var original = { n: 1, f: function () {}, u: undefined, when: new Date(0), nested: { list: [1, 2] } };
                Page({ data: original, onLoad: function () {
                  skip.log(this.data === original, this.data.nested === original.nested, typeof this.data.f, 'u' in this.data, typeof this.data.when);
                } });
                """#,
                #"""
                const page = await app.launch();
                expect(app.logs).toEqual(['false false undefined false string']);
                expect(page.data).toEqual({ n: 1, when: '1970-01-01T00:00:00.000Z', nested: { list: [1, 2] } });
                expect(page.view).toEqual({ n: 1, when: '1970-01-01T00:00:00.000Z', nested: { list: [1, 2] } });
                """#))
    }

    // docs/runtimes.md, skip.page-registration: a second Page() in one script overwrites the first.
    @Test func secondPageInOneScriptWins() {
        expectPassed(
            page(
                #"""
                Page({ data: { which: 'first' }, onLoad: function () { skip.log('first onLoad'); } });
                Page({ data: { which: 'second' }, onLoad: function () { skip.log('second onLoad'); } });
                """#,
                #"""
                const page = await app.launch();
                expect(app.logs).toEqual(['second onLoad']);
                expect(page.data).toEqual({ which: 'second' });
                expect(page.view).toEqual({ which: 'second' });
                """#))
    }

    // docs/runtimes.md, skip.setdata-merge: path keys ('a.b', 'items[0].x') merge into data; a missing
    // step becomes {}, never an array.
    @Test func setDataPathKeysCreateObjectsNotArrays() {
        expectPassed(
            page(
                #"""
                Page({ data: { a: { b: 1, keep: true }, list: [1] }, onLoad: function () {
                  this.setData({ 'a.b': 2, 'items[0].x': 3, 'm[1][2]': 4, 'list[2]': 9 });
                } });
                """#,
                #"""
                const page = await app.launch();
                expect(page.data).toEqual({ a: { b: 2, keep: true }, list: [1, undefined, 9], items: { '0': { x: 3 } }, m: { '1': { '2': 4 } } });
                expect(Array.isArray(page.data.items)).toBe(false);
                expect(JSON.stringify(page.view.list)).toBe('[1,null,9]');
                """#))
    }

    // docs/runtimes.md, skip.setdata-merge: a non-object patch is ignored: no merge, no view push, no
    // callback.
    @Test func setDataIgnoresANonObjectPatch() {
        expectPassed(
            page(
                #"""
                Page({ data: { n: 1 }, onLoad: function () {
                  this.setData('n', function () { skip.log('string callback'); });
                  this.setData(5, function () { skip.log('number callback'); });
                  this.setData(undefined, function () { skip.log('undefined callback'); });
                } });
                """#,
                #"""
                const page = await app.launch();
                expect(app.logs).toEqual([]);
                expect(page.data).toEqual({ n: 1 });
                expect(page.patches).toEqual([]);
                """#))
    }

    // docs/runtimes.md, skip.setdata-merge: setData's callback runs synchronously, with no arguments.
    @Test func setDataCallbackRunsSynchronously() {
        expectPassed(
            page(
                #"""
                Page({ data: {}, onLoad: function () {
                  var self = this;
                  this.setData({ n: 1 }, function () { skip.log('callback', arguments.length, self.data.n); });
                  skip.log('after setData');
                } });
                """#,
                #"""
                await app.launch();
                expect(app.logs).toEqual(['callback 0 1', 'after setData']);
                """#))
    }

    // docs/runtimes.md, skip.setdata-merge: setData merges into the copy made at Page() time, even
    // after this.data is reassigned; the view starts from that copy too.
    @Test func setDataMergesIntoTheCopyFromPageTime() {
        expectPassed(
            page(
                #"""
                Page({ data: { n: 1 }, onLoad: function () {
                  var copy = this.data;
                  this.data = { replaced: true };
                  this.setData({ n: 2 });
                  skip.log(copy.n, this.data.n);
                } });
                """#,
                #"""
                const page = await app.launch();
                expect(app.logs).toEqual(['2 undefined']);
                expect(page.data).toEqual({ replaced: true });
                expect(page.view).toEqual({ n: 2 });
                """#))
    }

    // docs/runtimes.md, skip.setdata-merge: a path through null is a TypeError that stops the merge
    // (earlier keys stay, later ones are lost; a write into a string is ignored), silently; the view
    // push and the callback still run.
    @Test func setDataThroughNullStopsTheMerge() {
        expectPassed(
            page(
                #"""
                Page({ data: { n: null, s: 'abc' }, onLoad: function () {
                  this.setData({ 's.x': 1, a: 1, 'n.x': 2, b: 2 }, function () { skip.log('callback'); });
                } });
                """#,
                #"""
                const page = await app.launch();
                expect(page.data).toEqual({ n: null, s: 'abc', a: 1 });
                expect(app.logs).toEqual(['callback']);
                expect(app.takeErrors()).toEqual(['setData of pages/a/a stopped: setData cannot reach "n.x" (a step of the path is null or not an object); on the device this is silent']);
                """#))
    }

    // docs/runtimes.md, skip.setdata-launch-page: the launch page's view gets the full data of any page
    // that calls setData, so keys it shares show the other page's value.
    @Test func setDataGoesToTheLaunchPageView() {
        expectPassed(
            fact(
                [
                    "pages/a/a.js": "Page({ data: { shared: 'a', onlyA: 1 } });",
                    "pages/b/b.js": "Page({ data: { shared: 'b', onlyB: 2 }, bump: function () { this.setData({ count: 1 }); } });",
                ],
                #"""
                const a = await app.launch();
                const b = await app.open('pages/b/b');
                await b.tap('bump');
                expect(a.view).toEqual({ shared: 'b', onlyA: 1, onlyB: 2, count: 1 });
                expect(b.view).toEqual({ shared: 'b', onlyB: 2, count: 1 });
                expect(a.data).toEqual({ shared: 'a', onlyA: 1 });
                """#))
    }

    // docs/runtimes.md, skip.setdata-routing: setData from any page goes to the view of the page loaded
    // last.
    @Test func setDataGoesToTheMostRecentlyLoadedPageView() {
        expectPassed(
            fact(
                [
                    "pages/b/b.js": #"""
                    Page({ data: { fromB: 1 }, onLoad: function () { var self = this; setTimeout(function () { self.setData({ late: true }); }, 100); } });
                    """#,
                    "pages/c/c.js": "Page({ data: { fromC: 3 } });",
                ],
                #"""
                await app.launch();
                const b = await app.open('pages/b/b');
                const c = await app.open('pages/c/c');
                await app.tick(100);
                expect(c.view).toEqual({ fromC: 3, fromB: 1, late: true });
                expect(b.view).toEqual({ fromB: 1 });
                expect(b.data).toEqual({ fromB: 1, late: true });
                """#))
    }

    // MARK: - Events

    // docs/runtimes.md, skip.event-type-detail: a handler gets exactly {type: 'tap', detail}, with the
    // page object as `this`.
    @Test func handlersGetExactlyTypeAndDetail() {
        expectPassed(
            page(
                #"""
                Page({ data: {}, pick: function (event) { skip.log(Object.keys(event).sort(), event, this.data === undefined); } });
                """#,
                #"""
                const page = await app.launch();
                await page.tap('pick', { id: 7 });
                expect(app.logs).toEqual(['["detail","type"] {"type":"tap","detail":{"id":7}} false']);
                """#))
    }

    // docs/runtimes.md, skip.event-detail-cloned: the detail is JSON round-tripped: functions and
    // undefined are lost, and the handler's copy is not the sender's object.
    @Test func eventDetailIsJSONRoundTripped() {
        expectPassed(
            page(
                #"""
                Page({ pick: function (event) { skip.log(event.detail); event.detail.n = 99; } });
                """#,
                #"""
                const page = await app.launch();
                const detail = { n: 1, f() {}, u: undefined, list: [1, { deep: true }] };
                await page.tap('pick', detail);
                expect(app.logs).toEqual(['{"n":1,"list":[1,{"deep":true}]}']);
                expect(detail.n).toBe(1);
                """#))
    }

    // docs/runtimes.md, skip.event-detail-default: a falsy detail (0, '', false, null, undefined)
    // becomes {}.
    @Test func falsyDetailBecomesAnEmptyObject() {
        expectPassed(
            page(
                #"""
                Page({ pick: function (event) { skip.log(event.detail); } });
                """#,
                #"""
                const page = await app.launch();
                for (const detail of [0, '', false, null, undefined]) await page.tap('pick', detail);
                await page.tap('pick', 1);
                expect(app.logs).toEqual(['{}', '{}', '{}', '{}', '{}', '1']);
                """#))
    }

    // docs/runtimes.md, skip.event-type-detail, skip.natives-no-call: handler('name', detail) reaches
    // any function property, a lifecycle function included; R calls it with `.call`, which setData (a
    // runtime native) lacks, so handler('setData', …) throws on the device and is dropped.
    @Test func handlerReachesAnyFunctionProperty() {
        expectPassed(
            page(
                #"""
                Page({ data: {}, onShow: function (event) { skip.log('onShow', event); } });
                """#,
                template: #"""
                    <div x-data="page">
                      <button @click="handler('onShow', 5)">Show</button>
                      <button @click="handler('setData', 7)">Set</button>
                    </div>
                    """#,
                #"""
                const page = await app.launch();
                await page.tap('Show');
                await page.tap('Set');
                expect(app.logs).toEqual(['onShow undefined', 'onShow {"type":"tap","detail":5}']);
                expect(page.data).toEqual({});
                expect(app.takeErrors()).toEqual(["setData of pages/a/a did not run: it is a runtime native, which has no .call, so the runtime's call of it throws a TypeError; on the device this is silent"]);
                """#))
    }

    static let tapTemplate = #"""
        <div x-data="page">
          <button id="go" @click="onTap()">Go</button>
          <button class="three" @click="handler('pick', 3)">Three</button>
          <button @click="onTap">Bare</button>
          <template x-for="item in store.items"><button @click="handler('pick', item)" x-text="item.name"></button></template>
        </div>
        """#
    static let tapScript = #"""
        Page({ data: { items: [{ name: 'Ann' }] }, onTap: function (event) { skip.log('onTap', event); }, pick: function (event) { skip.log('pick', event); } });
        """#

    // docs/runtimes.md, skip.event-detail-default: `@click="onTap()"` posts the handler with no detail:
    // {}.
    @Test func tapBySelectorRunsTheClickBinding() {
        expectPassed(
            page(
                Self.tapScript, template: Self.tapTemplate,
                #"""
                const page = await app.launch();
                await page.tap('#go');
                expect(app.logs).toEqual(['onTap {"type":"tap","detail":{}}']);
                """#))
    }

    // docs/runtimes.md, skip.event-type-detail: `handler('pick', 3)` posts the primitive detail to
    // pick.
    @Test func tapByTextPostsThePrimitiveDetail() {
        expectPassed(
            page(
                Self.tapScript, template: Self.tapTemplate,
                #"""
                const page = await app.launch();
                await page.tap('Three');
                await page.tap('.three');
                expect(app.logs).toEqual(['pick {"type":"tap","detail":3}', 'pick {"type":"tap","detail":3}']);
                """#))
    }

    // docs/runtimes.md, skip.event-detail-cloned: a bare `@click="onTap"` passes the DOM Event, which
    // iOS cannot post: dropped.
    @Test func bareClickBindingIsDroppedOnIOS() {
        expectPassed(
            page(
                Self.tapScript, template: Self.tapTemplate,
                #"""
                const page = await app.launch();
                await page.tap('Bare');
                expect(app.logs).toEqual([]);
                expect(app.takeErrors()).toEqual(['the DOM event (@click="onTap" passes it as the detail) posted to onTap cannot be posted on iOS, so the event is dropped there; pass a primitive value']);
                """#))
    }

    // docs/runtimes.md, skip.event-detail-cloned: `handler('pick', item)` in x-for passes a reactive
    // Proxy, which iOS cannot post: dropped.
    @Test func loopItemDetailIsDroppedOnIOS() {
        expectPassed(
            page(
                Self.tapScript, template: Self.tapTemplate,
                #"""
                const page = await app.launch();
                await page.tap('Ann');
                expect(app.logs).toEqual([]);
                expect(app.takeErrors()).toEqual(['the reactive object (a Proxy) posted to pick cannot be posted on iOS, so the event is dropped there; pass a primitive value']);
                """#))
    }

    // docs/runtimes.md, skip.model-flat-key: x-model="store.user.name" writes data['user.name'], a flat
    // key, into the launch page's data; the view's store changes as Alpine's x-model changes it.
    @Test func xModelWritesTheFlatKeyIntoTheLaunchPage() {
        expectPassed(
            page(
                #"""
                Page({ data: { user: { name: 'Zed' } } });
                """#, template: #"<div x-data="page"><input x-model="store.user.name"></div>"#,
                #"""
                const page = await app.launch();
                await page.input('store.user.name', 'Ann');
                expect(page.data).toEqual({ user: { name: 'Zed' }, 'user.name': 'Ann' });
                expect(page.view).toEqual({ user: { name: 'Ann' } });
                """#))
    }

    // docs/runtimes.md, skip.model-launch-page: x-model on any page writes into the launch page's data.
    @Test func xModelOnAnotherPageWritesIntoTheLaunchPage() {
        expectPassed(
            fact(
                [
                    "pages/a/a.js": "Page({ data: { n: 1 } });",
                    "pages/b/b.js": "Page({ data: { q: '' } });",
                    "pages/b/b.html": #"<div x-data="page"><input x-model="store.q"></div>"#,
                ],
                #"""
                const a = await app.launch();
                const b = await app.open('pages/b/b');
                await b.input('store.q', 'shoes');
                expect(a.data).toEqual({ n: 1, q: 'shoes' });
                expect(b.data).toEqual({ q: '' });
                """#))
    }

    // MARK: - onLoad's query

    // docs/runtimes.md, skip.onload-query: onLoad gets {query: '<raw string>'}; there is no options.id.
    @Test func onLoadGetsTheQueryString() {
        expectPassed(
            fact(
                [
                    "pages/b/b.js": "Page({ onLoad: function (options) { skip.log(options, options.id === undefined); } });"
                ],
                #"""
                await app.launch();
                await app.open('pages/b/b', { query: 'id=1' });
                expect(app.logs).toEqual(['{"query":"id=1"} true']);
                """#))
    }

    // docs/runtimes.md, skip.onload-query-escaping: only '"' is escaped in the query's JSON text: `a\q`
    // breaks it and onLoad does not run.
    @Test func queryWithAnInvalidEscapeStopsOnLoad() {
        expectPassed(
            fact(
                [
                    "pages/b/b.js":
                        "Page({ onLoad: function (options) { skip.log('onLoad', options); }, onShow: function () { skip.log('onShow'); } });"
                ],
                #"""
                await app.launch();
                await app.open('pages/b/b', { query: 'a\\q' });
                expect(app.logs).toEqual(['onShow']);
                expect(app.takeErrors()).toEqual(['onLoad of pages/b/b did not run: its query "a\\\\q" breaks the JSON text the runtime builds (it escapes only \'"\'); on the device this is silent']);
                """#))
    }

    // MARK: - Navigation

    // docs/runtimes.md, skip.navigation-stack: navigateTo is ignored when the active stack is 10 deep.
    @Test func navigateToStopsAtTenPages() {
        expectPassed(
            fact(
                [
                    "pages/b/b.js": "Page({ go: function () { skip.nav.navigateTo({ url: 'pages/c/c' }); } });"
                ],
                #"""
                await app.launch();
                let page;
                for (let i = 0; i < 9; i++) page = await app.open('pages/b/b');
                expect(app.stack.length).toBe(10);
                await page.tap('go');
                expect(app.stack.length).toBe(10);
                expect(app.currentPage).toBe('pages/b/b');
                expect(app.takeErrors()).toEqual(['navigateTo("pages/c/c") was ignored: the stack is already 10 pages deep']);
                """#))
    }

    // docs/runtimes.md, skip.navigation-stack: navigateBack's delta below 1 becomes 1; it never pops
    // the root.
    @Test func navigateBackNeverPopsTheRoot() {
        expectPassed(
            fact(
                [
                    "pages/c/c.js": "Page({ back: function (event) { skip.nav.navigateBack({ delta: event.detail.delta }); } });"
                ],
                #"""
                await app.launch();
                await app.open('pages/b/b');
                await app.open('pages/b/b');
                let c = await app.open('pages/c/c');
                await c.tap('back', { delta: 0 });
                expect(app.stack).toEqual(['pages/a/a', 'pages/b/b', 'pages/b/b']);
                c = await app.open('pages/c/c');
                await c.tap('back', { delta: -3 });
                expect(app.stack).toEqual(['pages/a/a', 'pages/b/b', 'pages/b/b']);
                c = await app.open('pages/c/c');
                await c.tap('back', { delta: 99 });
                expect(app.stack).toEqual(['pages/a/a']);
                await app.back();
                expect(app.stack).toEqual(['pages/a/a']);
                """#))
    }

    // docs/runtimes.md, skip.navigate-back-delta-int: a non-numeric delta traps in Int(...) on iOS: a
    // crash, reported.
    @Test func nonNumericDeltaCrashes() {
        expectPassed(
            fact(
                [
                    "pages/b/b.js": "Page({ back: function () { skip.nav.navigateBack({ delta: 'two' }); } });"
                ],
                #"""
                await app.launch();
                const b = await app.open('pages/b/b');
                await b.tap('back');
                expect(app.stack).toEqual(['pages/a/a', 'pages/b/b']);
                expect(app.takeErrors()).toEqual(['navigateBack({delta: "two"}) crashes the app on iOS: the runtime converts delta with Int(...), which traps']);
                """#))
    }

    // docs/runtimes.md, skip.switch-tab-exact: switchTab matches tab.page exactly; anything else does
    // nothing.
    @Test func switchTabMatchesExactly() {
        expectPassed(
            fact(
                [
                    "pages/a/a.js": "Page({ go: function (event) { skip.nav.switchTab({ url: event.detail }); } });"
                ],
                #"""
                const a = await app.launch();
                await a.tap('go', '/pages/b/b');
                expect(app.currentPage).toBe('pages/a/a');
                await a.tap('go', 'pages/b/b');
                expect(app.currentPage).toBe('pages/b/b');
                expect(app.takeErrors()).toEqual(['switchTab("/pages/b/b") does nothing: no tab has exactly that page']);
                """#, tabs: ["pages/a/a", "pages/b/b"]))
    }

    // docs/runtimes.md, skip.redirect-on-root: redirectTo on a stack's root does nothing on the device;
    // above the root it replaces the top page.
    @Test func redirectToOnARootDoesNothing() {
        expectPassed(
            fact(
                [
                    "pages/a/a.js": "Page({ go: function () { skip.nav.redirectTo({ url: 'pages/c/c' }); } });",
                    "pages/b/b.js": "Page({ go: function () { skip.nav.redirectTo({ url: 'pages/c/c' }); } });",
                ],
                #"""
                const a = await app.launch();
                await a.tap('go');
                expect(app.stack).toEqual(['pages/a/a']);
                expect(app.takeErrors()).toEqual(['redirectTo("pages/c/c") on the root page of a stack does nothing on the device']);
                const b = await app.open('pages/b/b');
                await b.tap('go');
                expect(app.stack).toEqual(['pages/a/a', 'pages/c/c']);
                """#))
    }

    // docs/runtimes.md, skip.navigation-stack: reLaunch clears the pushed pages and pushes a non-tab
    // url; the root view persists, so its script does not run again.
    @Test func reLaunchKeepsTheRootView() {
        expectPassed(
            fact(
                [
                    "pages/a/a.js": "skip.log('a.js'); Page({});",
                    "pages/b/b.js": "Page({ go: function () { skip.nav.reLaunch({ url: 'pages/c/c' }); } });",
                ],
                #"""
                await app.launch();
                await app.open('pages/b/b');
                const b = await app.open('pages/b/b');
                await b.tap('go');
                expect(app.stack).toEqual(['pages/a/a', 'pages/c/c']);
                expect(app.logs).toEqual(['a.js']);
                """#))
    }

    // docs/runtimes.md, skip.navigation-stack: setNavigationBarTitle titles the top page of the active
    // stack, not the caller.
    @Test func setNavigationBarTitleTitlesTheTopPage() {
        expectPassed(
            fact(
                [
                    "pages/a/a.js":
                        "Page({ onLoad: function () { setTimeout(function () { skip.nav.setNavigationBarTitle({ title: 'Later' }); }, 50); } });"
                ],
                #"""
                const a = await app.launch();
                const b = await app.open('pages/b/b');
                await app.tick(50);
                expect(b.title).toBe('Later');
                expect(a.title).toBe('');
                expect(app.title).toBe('Later');
                """#))
    }

    // docs/runtimes.md, skip.lifecycle-hooks: a push hides the page below (onHide), going back shows it
    // again (onShow, no onLoad); onUnload never runs.
    @Test func pushAndBackFireOnHideAndOnShowButNeverOnUnload() {
        let script = { (name: String) in
            #"Page({ onLoad: function () { skip.log('NAME onLoad'); }, onReady: function () { skip.log('NAME onReady'); }, onShow: function () { skip.log('NAME onShow'); }, onHide: function () { skip.log('NAME onHide'); }, onUnload: function () { skip.log('NAME onUnload'); } });"#
                .replacingOccurrences(of: "NAME", with: name)
        }
        expectPassed(
            fact(
                ["pages/a/a.js": script("a"), "pages/b/b.js": script("b")],
                #"""
                await app.launch();
                await app.open('pages/b/b');
                await app.back();
                const of = (name) => app.logs.filter((line) => line.startsWith(name + ' '));
                expect(of('a')).toEqual(['a onLoad', 'a onReady', 'a onShow', 'a onHide', 'a onShow']);
                expect(of('b')).toEqual(['b onLoad', 'b onReady', 'b onShow', 'b onHide']);
                """#))
    }

    // docs/runtimes.md, skip.page-script-per-visit: a page script runs again on each navigateTo to it,
    // not on going back.
    @Test func pageScriptRunsOnEachNavigateTo() {
        expectPassed(
            fact(
                [
                    "pages/b/b.js": "skip.log('b.js'); Page({ onLoad: function (o) { skip.log('onLoad', o.query); } });"
                ],
                #"""
                await app.launch();
                await app.open('pages/b/b', { query: 'n=1' });
                await app.open('pages/b/b', { query: 'n=2' });
                await app.back();
                expect(app.logs).toEqual(['b.js', 'onLoad n=1', 'b.js', 'onLoad n=2']);
                """#))
    }

    // docs/runtimes.md, skip.page-script-per-visit: a top-level `let` fails the script's second run (a
    // redeclaration): the first visit's registration stays, its onLoad runs again, and the new view
    // starts from the data as the first visit left it.
    @Test func topLevelLetFailsTheSecondVisit() {
        expectPassed(
            fact(
                [
                    "pages/b/b.js":
                        "let visits = 0;\nPage({ data: { n: 0 }, onLoad: function (o) { skip.log('onLoad', o.query); }, inc: function () { this.setData({ n: this.data.n + 1 }); } });"
                ],
                #"""
                await app.launch();
                const first = await app.open('pages/b/b', { query: 'first' });
                await first.tap('inc');
                const second = await app.open('pages/b/b', { query: 'second' });
                expect(app.logs).toEqual(['onLoad first', 'onLoad second']);
                expect(second.view).toEqual({ n: 1 });
                expect(app.takeErrors()).toEqual(["pages/b/b.js stopped at load: SyntaxError: Can't create duplicate variable: 'visits'; on the device this is silent"]);
                """#))
    }

    // MARK: - i18n

    /// Runs `body` with the locale files `locales` (tag: JSON text) and a launch page whose
    /// onLoad logs `expression`.
    func i18n(_ locales: [String: String], logging expression: String, _ body: String, lang: String? = nil) -> LogicTestRun {
        var files = ["pages/a/a.js": "Page({ onLoad: function () { skip.log(\(expression)); } });"]
        for (tag, text) in locales { files["i18n/\(tag).json"] = text }
        return fact(files, body, lang: lang)
    }

    // docs/runtimes.md, skip.locale-chain: the locale chain of fr-CA is fr-CA, fr-FR, fr: fr.json is
    // chosen, en.json is the fallback.
    @Test func localeChainFallsBackToTheLanguage() {
        expectPassed(
            i18n(
                ["fr": #"{"hello": "Bonjour"}"#, "en": #"{"hello": "Hello", "bye": "Bye"}"#],
                logging: "skip.i18n.locale, skip.i18n.t('hello'), skip.i18n.t('bye')",
                #"""
                app.locale('fr-CA');
                await app.launch();
                expect(app.language).toBe('fr');
                expect(app.logs).toEqual(['fr Bonjour Bye']);
                """#))
    }

    // docs/runtimes.md, skip.locale-chain: zh-Hans-CN's chain is zh-Hans-CN, zh-CN, zh: zh-CN.json is
    // chosen, zh-Hans.json never.
    @Test func localeChainTriesTheDefaultRegion() {
        expectPassed(
            i18n(
                ["zh-CN": #"{"hello": "你好"}"#, "zh-Hans": #"{"hello": "Hans"}"#, "en": #"{"hello": "Hello"}"#],
                logging: "skip.i18n.locale, skip.i18n.t('hello')",
                #"""
                app.locale('zh-Hans-CN');
                await app.launch();
                expect(app.logs).toEqual(['zh-CN 你好']);
                """#))
    }

    // docs/runtimes.md, skip.locale-flat: a locale file with one value that is not a string is ignored
    // whole.
    @Test func localeFileWithANonStringIsIgnored() {
        expectPassed(
            i18n(
                ["fr": #"{"hello": "Bonjour", "count": 3}"#, "en": #"{"hello": "Hello"}"#],
                logging: "skip.i18n.locale, skip.i18n.t('hello')",
                #"""
                app.locale('fr-FR');
                await app.launch();
                expect(app.language).toBe('en');
                expect(app.logs).toEqual(['en Hello']);
                """#))
    }

    // docs/runtimes.md, skip.i18n-substitution: t replaces every {name} with String(params.name); a
    // missing or empty translation gives the key.
    @Test func translateReplacesEveryParameter() {
        expectPassed(
            i18n(
                ["en": #"{"greet": "Hi {name}, {name}! {n}", "empty": ""}"#],
                logging: "skip.i18n.t('greet', { name: 'Ann', n: 2 }), '|', skip.i18n.t('missing'), '|', skip.i18n.t('empty')",
                #"""
                await app.launch();
                expect(app.logs).toEqual(['Hi Ann, Ann! 2 | missing | empty']);
                """#))
    }

    // docs/runtimes.md, skip.plural-first-hash: plural replaces only the first '#', with the truncated
    // count.
    @Test func pluralReplacesOnlyTheFirstHash() {
        expectPassed(
            i18n(
                ["en": #"{"hello": "Hello"}"#],
                logging:
                    "skip.i18n.plural(1, { one: '# item (#)', other: '# items (#)' }), '|', skip.i18n.plural(1.5, { one: '# item', other: '# items (#)' }), '|', skip.i18n.plural(2)",
                #"""
                await app.launch();
                expect(app.logs).toEqual(['1 item (#) | 1 items (#) | ']);
                """#))
    }

    // docs/runtimes.md, skip.i18n-format-options: n and d with an options object return undefined on
    // iOS.
    @Test func numberAndDateWithOptionsReturnUndefined() {
        expectPassed(
            i18n(
                ["en": #"{"hello": "Hello"}"#],
                logging: "skip.i18n.n(1234.5, { style: 'percent' }), skip.i18n.d(new Date(0), { year: 'numeric' }), skip.i18n.n(1234.5)",
                #"""
                await app.launch();
                expect(app.logs).toEqual(['undefined undefined 1,234.5']);
                expect(app.takeErrors()).toEqual([
                  'skip.i18n.n with an options object returns undefined on iOS (the options are pasted into code as "[object Object]")',
                  'skip.i18n.d with an options object returns undefined on iOS (the options are pasted into code as "[object Object]")'
                ]);
                """#))
    }

    // MARK: - Timers

    // docs/runtimes.md, skip.timers: one counter from 1 for setTimeout and setInterval; a callback that
    // is not a function gets 0 and uses up no id.
    @Test func timerIdsAreSharedAndStartAtOne() {
        expectPassed(
            page(
                #"""
                function f() {}
                Page({ onLoad: function () { skip.log([setTimeout(f, 10), setInterval(f, 10), setTimeout('f()', 5), setInterval(null, 5), setTimeout(f)]); } });
                """#,
                #"""
                await app.launch();
                expect(app.logs).toEqual(['[1,2,0,0,3]']);
                """#))
    }

    // docs/runtimes.md, skip.timers: a NaN delay (an explicit undefined, a word) never fires; a
    // left-out delay is 0.
    @Test func nanDelayNeverFires() {
        expectPassed(
            page(
                #"""
                Page({ onLoad: function () {
                  setTimeout(function () { skip.log('undefined delay'); }, undefined);
                  setTimeout(function () { skip.log('word delay'); }, 'soon');
                  setInterval(function () { skip.log('NaN interval'); }, NaN);
                  setTimeout(function () { skip.log('no delay'); });
                } });
                """#,
                #"""
                await app.launch();
                await app.tick(1000000);
                expect(app.logs).toEqual(['no delay']);
                """#))
    }

    // docs/runtimes.md, skip.timers: setInterval first fires after one interval, then every interval.
    @Test func intervalFirstFiresAfterOneInterval() {
        expectPassed(
            page(
                #"""
                var count = 0;
                Page({ onLoad: function () { setInterval(function () { count += 1; skip.log(count); }, 100); } });
                """#,
                #"""
                await app.launch();
                await app.tick(99);
                expect(app.logs).toEqual([]);
                await app.tick(1);
                expect(app.logs).toEqual(['1']);
                await app.tick(250);
                expect(app.logs).toEqual(['1', '2', '3']);
                expect(app.now).toBe(350);
                """#))
    }

    // docs/runtimes.md, skip.timers: clearTimeout and clearInterval are interchangeable: clearTimeout
    // stops an interval.
    @Test func clearTimeoutStopsAnInterval() {
        expectPassed(
            page(
                #"""
                var id;
                Page({ onLoad: function () { id = setInterval(function () { skip.log('tick'); }, 10); }, stop: function () { clearTimeout(id); } });
                """#,
                #"""
                const page = await app.launch();
                await app.tick(20);
                await page.tap('stop');
                await app.tick(100);
                expect(app.logs).toEqual(['tick', 'tick']);
                """#))
    }

    // docs/runtimes.md, skip.timers: timer callbacks get no arguments; extra arguments are dropped.
    @Test func timerCallbacksGetNoArguments() {
        expectPassed(
            page(
                #"""
                Page({ onLoad: function () {
                  setTimeout(function () { skip.log('timeout', arguments.length); }, 5, 'extra');
                  var id = setInterval(function () { skip.log('interval', arguments.length); clearInterval(id); }, 5, 'extra');
                } });
                """#,
                #"""
                await app.launch();
                await app.tick(10);
                expect(app.logs).toEqual(['timeout 0', 'interval 0']);
                """#))
    }

    // MARK: - fetch

    // docs/runtimes.md, skip.fetch-response: fetch resolves with {ok, status, headers: {}, body, json,
    // text}; json() parses the body.
    @Test func fetchAnswersFromTheReply() {
        expectPassed(
            page(
                #"""
                Page({ data: {}, onLoad: function () {
                  var self = this;
                  fetch('https://example.com/api').then(function (response) {
                    skip.log(response.ok, response.status, response.headers, typeof response.statusText);
                    return response.json();
                  }).then(function (json) { self.setData({ json: json }); });
                } });
                """#,
                #"""
                app.fetch.reply('https://example.com/api', { items: [1, 2] });
                const page = await app.launch();
                expect(page.data).toEqual({ json: { items: [1, 2] } });
                expect(app.logs).toEqual(['true 200 {} undefined']);
                """#))
    }

    // docs/runtimes.md, skip.fetch-headers, skip.fetch-response: the method defaults to GET; headers
    // are never sent; the body only when it is a non-empty string.
    @Test func fetchRecordsRequestsWithoutHeaders() {
        expectPassed(
            page(
                #"""
                Page({ onLoad: function () {
                  fetch('https://example.com/1');
                  fetch('https://example.com/2', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hello' });
                  fetch('https://example.com/3', { method: 'PUT', body: { a: 1 } });
                  fetch('https://example.com/4', { method: 'POST', body: '' });
                } });
                """#,
                #"""
                for (const n of [1, 2, 3, 4]) app.fetch.reply('https://example.com/' + n, 'ok');
                await app.launch();
                expect(app.fetch.requests).toEqual([
                  { url: 'https://example.com/1', method: 'GET' },
                  { url: 'https://example.com/2', method: 'POST', body: 'hello' },
                  { url: 'https://example.com/3', method: 'PUT' },
                  { url: 'https://example.com/4', method: 'POST' }
                ]);
                """#))
    }

    // docs/runtimes.md, skip.fetch-response: a non-2xx status resolves, with ok false.
    @Test func fetchResolvesANon2xxStatus() {
        expectPassed(
            page(
                #"""
                Page({ onLoad: function () {
                  fetch('https://example.com/missing').then(function (response) {
                    skip.log('resolved', response.ok, response.status);
                    return response.text();
                  }, function () { skip.log('rejected'); }).then(function (text) { skip.log(text); });
                } });
                """#,
                #"""
                app.fetch.reply('https://example.com/missing', 'not here', { status: 404 });
                await app.launch();
                expect(app.logs).toEqual(['resolved false 404', 'not here']);
                """#))
    }

    // docs/runtimes.md, skip.fetch-response: a failure rejects with a string, never an Error.
    @Test func fetchFailureRejectsWithAString() {
        expectPassed(
            page(
                #"""
                Page({ onLoad: function () {
                  fetch('https://example.com/api').catch(function (reason) { skip.log(typeof reason, reason, reason.message === undefined); });
                } });
                """#,
                #"""
                app.fetch.fail('https://example.com/api', 'The Internet connection appears to be offline.');
                await app.launch();
                expect(app.logs).toEqual(['string The Internet connection appears to be offline. true']);
                """#))
    }

    // docs/runtimes.md, skip.flat-api-removed: `skip.fetch` is undefined; skip.net.fetch is the global
    // fetch.
    @Test func skipFetchIsUndefined() {
        expectPassed(
            page(
                #"""
                Page({ onLoad: function () { skip.log(typeof skip.fetch, typeof miniapp.fetch, skip.net.fetch === fetch, miniapp === skip); } });
                """#,
                #"""
                await app.launch();
                expect(app.logs).toEqual(['undefined undefined true true']);
                """#))
    }

    // MARK: - Files

    // docs/runtimes.md, skip.fs-text: getFileHandle creates with {create: true} (nested names too, with
    // their folders; the name is the whole argument); a missing file without it is undefined.
    @Test func getFileHandleCreatesAndMissingIsUndefined() {
        expectPassed(
            page(
                #"""
                Page({ onLoad: function () {
                  var root = skip.fs.root;
                  skip.log(root.getFileHandle('missing.txt') === undefined, root.getDirectoryHandle('notes') === undefined);
                  var handle = root.getFileHandle('notes/today.txt', { create: true });
                  skip.log(handle.path, handle.name, handle.kind, handle.read());
                  skip.log(root.getDirectoryHandle('notes').kind, root.getFileHandle('notes') === undefined);
                } });
                """#,
                #"""
                await app.launch();
                expect(app.logs).toEqual(['true true', 'notes/today.txt notes/today.txt file ', 'directory true']);
                expect(app.files.paths).toEqual(['notes/today.txt']);
                """#))
    }

    // docs/runtimes.md, skip.fs-text: write stores String(data), read returns it, size counts UTF-8
    // bytes.
    @Test func fileWriteReadAndSize() {
        expectPassed(
            page(
                #"""
                Page({ onLoad: function () {
                  var handle = skip.fs.root.getFileHandle('a.txt', { create: true });
                  handle.write('héllo');
                  skip.log(handle.read(), handle.size);
                  handle.write({ a: 1 });
                  skip.log(handle.read());
                  handle.remove();
                  skip.log(handle.read() === undefined, handle.size);
                } });
                """#,
                #"""
                await app.launch();
                expect(app.logs).toEqual(['héllo 6', '[object Object]', 'true 0']);
                """#))
    }

    // docs/runtimes.md, skip.fs-text: entries() is an array of {name, kind} (in no guaranteed order).
    @Test func entriesListsNameAndKind() {
        expectPassed(
            page(
                #"""
                Page({ onLoad: function () {
                  var root = skip.fs.root;
                  root.getFileHandle('top.txt', { create: true });
                  root.getFileHandle('folder/inner.txt', { create: true });
                  var entries = root.entries();
                  entries.sort(function (x, y) { return x.name < y.name ? -1 : 1; });
                  skip.log(Array.isArray(entries), entries, root.getDirectoryHandle('folder').entries());
                } });
                """#,
                #"""
                await app.launch();
                expect(app.logs).toEqual(['true [{"name":"folder","kind":"directory"},{"name":"top.txt","kind":"file"}] [{"name":"inner.txt","kind":"file"}]']);
                """#))
    }

    // docs/runtimes.md, skip.fs-text: removeEntry without {recursive: true} on a non-empty folder does
    // nothing and throws nothing.
    @Test func removeEntryLeavesANonEmptyFolder() {
        expectPassed(
            page(
                #"""
                Page({ onLoad: function () {
                  var root = skip.fs.root;
                  root.getFileHandle('folder/inner.txt', { create: true }).write('x');
                  skip.log(root.removeEntry('folder'));
                  skip.log(root.getDirectoryHandle('folder') !== undefined);
                  root.removeEntry('folder', { recursive: true });
                  skip.log(root.getDirectoryHandle('folder') === undefined);
                } });
                """#,
                #"""
                await app.launch();
                expect(app.logs).toEqual(['undefined', 'true', 'true']);
                expect(app.files.paths).toEqual([]);
                """#))
    }

    // MARK: - console, skip.log, getSystemInfo, natives, globals

    // docs/runtimes.md, skip.console-to-string: console writes each value through ToString: objects
    // print [object Object]; nothing goes to skip.log's entries.
    @Test func consolePrintsObjectObject() {
        expectPassed(
            page(
                #"""
                Page({ onLoad: function () { console.log('a', { x: 1 }, [1, [2, 3]], null, undefined); console.warn('w'); } });
                """#,
                #"""
                await app.launch();
                expect(app.console).toEqual(['a [object Object] 1,2,3 null undefined', 'w']);
                expect(app.logs).toEqual([]);
                """#))
    }

    // docs/runtimes.md, skip.log-json: skip.log writes objects (and null) with JSON.stringify, the rest
    // with String; a value JSON cannot write empties the whole message.
    @Test func skipLogWritesObjectsAsJSON() {
        expectPassed(
            page(
                #"""
                Page({ onLoad: function () {
                  skip.log('a', { x: 1 }, [1, 2], null, undefined, 3);
                  var loop = {}; loop.self = loop;
                  skip.log('lost', loop);
                  skip.log(typeof skip.log.warn);
                } });
                """#,
                #"""
                await app.launch();
                expect(app.logs).toEqual(['a {"x":1} [1,2] null undefined 3', '', 'undefined']);
                expect(app.console).toEqual([]);
                """#))
    }

    // docs/runtimes.md, skip.system-info: getSystemInfo() is {platform, appId, version}, in that order,
    // and nothing else.
    @Test func getSystemInfoGivesPlatformAppIdAndVersion() {
        expectPassed(
            page(
                #"""
                Page({ onLoad: function () { skip.log(skip.getSystemInfo(), skip.getSystemInfo() !== skip.getSystemInfo()); } });
                """#,
                #"""
                await app.launch();
                expect(app.logs).toEqual(['{"platform":"ios","appId":"com.example.facts","version":"1.0.0"} true']);
                """#))
    }

    // docs/runtimes.md, skip.natives-no-call: runtime natives are callable objects without call, apply
    // or bind: console.log.apply throws a TypeError; spreading works.
    @Test func runtimeNativesHaveNoApply() {
        expectPassed(
            page(
                #"""
                Page({ onLoad: function () {
                  try { console.log.apply(console, ['x']); } catch (error) { skip.log(error instanceof TypeError); }
                  console.log.apply === undefined && console.log(...['spread', 'works']);
                  skip.log(typeof App.call, typeof setTimeout.bind, typeof this.setData.apply, typeof skip.getSystemInfo.call);
                } });
                """#,
                #"""
                await app.launch();
                expect(app.logs).toEqual(['true', 'undefined undefined undefined undefined']);
                expect(app.console).toEqual(['spread works']);
                """#))
    }

    // docs/runtimes.md, skip.natives-no-call: Swift's call(withArguments:) calls a runtime native, so
    // one works as a timer callback and as setData's callback.
    @Test func runtimeNativeWorksAsATimerOrSetDataCallback() {
        expectPassed(
            page(
                #"""
                Page({ onLoad: function () { setTimeout(skip.log, 10); this.setData({ n: 1 }, console.log); } });
                """#,
                #"""
                await app.launch();
                await app.tick(10);
                expect(app.console).toEqual(['']);
                expect(app.logs).toEqual(['']);
                """#))
    }

    // docs/runtimes.md, skip.natives-no-call: R calls the lifecycle with
    // `__currentCallback.call(__currentPage)`: a runtime native there has no call, so it never runs
    // (silently on the device).
    @Test func runtimeNativeAsALifecycleFunctionNeverRuns() {
        expectPassed(
            page(
                #"""
                Page({ onReady: skip.log, onShow: function () { skip.log('onShow'); } });
                """#,
                #"""
                await app.launch();
                expect(app.logs).toEqual(['onShow']);
                expect(app.takeErrors()).toEqual(["onReady of pages/a/a did not run: it is a runtime native, which has no .call, so the runtime's call of it throws a TypeError; on the device this is silent"]);
                """#))
    }

    // docs/runtimes.md, skip.script-declared-globals: a top-level `let fetch` in a page script fails
    // the whole script before any of it runs: no Page(). Silent on the device; the host fails the test
    // with the app error.
    @Test func topLevelLetFetchFailsThePageScript() {
        let run = page(
            "skip.log('ran');\nlet fetch = null;\nPage({ data: { n: 1 } });",
            #"""
            const page = await app.launch();
            expect(app.logs).toEqual([]);
            expect(page.data).toBe(undefined);
            expect(page.view).toEqual({});
            """#)
        let error = LogicTestProblem(
            kind: .app,
            message:
                "pages/a/a.js stopped at load: SyntaxError: Can't create duplicate variable that shadows a global property: 'fetch'; on the device this is silent",
            file: "pages/a/a.js", line: 2, column: 1, sourceLine: "let fetch = null;")
        #expect(
            run.results == [
                LogicTestResult(file: Self.testPath, name: "fact", status: .failed, failure: Self.untakenError, appErrors: [error])
            ])
    }

    // docs/runtimes.md, skip.globals: getApp, getCurrentPages, wx, require, document, window are not
    // defined.
    @Test func browserAndWeChatGlobalsAreUndefined() {
        expectPassed(
            page(
                #"""
                Page({ onLoad: function () { skip.log(typeof getApp, typeof getCurrentPages, typeof wx, typeof require, typeof document, typeof window); } });
                """#,
                #"""
                await app.launch();
                expect(app.logs).toEqual(['undefined undefined undefined undefined undefined undefined']);
                """#))
    }

    // MARK: - The view as Alpine starts it

    // docs/runtimes.md, skip.view-bridge: Alpine runs each x-init as it starts the page; what it posts
    // through the bridge reaches the handler (the runtime's own end-to-end app relies on it).
    @Test func xInitPostsWhenThePageStarts() {
        expectPassed(
            page(
                "Page({ data: { pinged: 0 }, ping: function (e) { this.setData({ pinged: this.data.pinged + 1 }); skip.log(JSON.stringify(e)); } });",
                template: #"<div x-data="page" x-init="handler('ping')"></div>"#,
                #"""
                const page = await app.launch();
                expect(page.data.pinged).toBe(1);
                expect(app.logs).toEqual(['{"type":"tap","detail":{}}']);
                """#))
    }

    // A <template> without x-if or x-for is inert in a browser: its content is not shown, so
    // nothing in it can be tapped.
    @Test func anInertTemplatesContentIsNotShown() {
        expectPassed(
            page(
                "Page({ onTap: function () { skip.log('tapped'); } });",
                template:
                    #"<div x-data="page"><template><button @click="onTap()">Hidden</button></template><button @click="onTap()">Shown</button></div>"#,
                #"""
                const page = await app.launch();
                expect(() => page.tap('Hidden')).toThrow('no element of pages/a/a.html matches "Hidden"');
                await page.tap('Shown');
                expect(app.logs).toEqual(['tapped']);
                """#))
    }

    // A tap by text means the innermost element showing it, not each ancestor that shows it too.
    @Test func aTapByTextPicksTheInnermostElement() {
        expectPassed(
            page(
                "Page({ onTap: function () { skip.log('tapped'); } });",
                template: #"<div x-data="page"><section><button @click="onTap()"><span>Save</span></button></section></div>"#,
                #"""
                const page = await app.launch();
                expect(() => page.tap('Save')).toThrow('has no @click');
                await page.tap('button');
                expect(app.logs).toEqual(['tapped']);
                """#))
    }

    // docs/runtimes.md, skip.manifest-load-error: a manifest the runtime's decoder refuses stops the
    // whole app, so no test runs and the reasons are reported with their positions.
    @Test func aManifestTheRuntimeRefusesRunsNoTest() {
        let contents = [
            "manifest.json":
                #"{"app_id": "a", "name": "A", "version": {"code": 1, "name": "1"}, "platform_version": {"min_code": 1}, "pages": ["pages/a/a"]}"#,
            "pages/a/a.html": Self.emptyTemplate,
            Self.testPath: "test('fact', () => {});",
        ]
        let run = LogicTestRunner.run(ProjectModel(project: Project(contents: contents)))
        #expect(run.results == [])
        #expect(
            run.appProblems == [
                LogicTestProblem(
                    kind: .app,
                    message:
                        "missing required member 'icons': SkipMiniApp cannot decode the manifest and the whole app fails to load (\"Error loading MiniApp\")",
                    file: "manifest.json", line: 1, column: 1, sourceLine: contents["manifest.json"])
            ])
        #expect(run.failed == 1)
    }

    // docs/runtimes.md, skip.script-errors-silent: a rejected promise nothing handles is silent on the
    // device; the host reports it with where it was thrown.
    @Test func anUnhandledRejectionIsAnAppError() {
        let run = page(
            "Page({ onLoad: function () { Promise.resolve().then(function () { JSON.parse('not json'); }); } });",
            #"""
            await app.launch();
            """#)
        let error = LogicTestProblem(
            kind: .app,
            message:
                #"a promise was rejected and nothing handled it: SyntaxError: JSON Parse error: Unexpected identifier "not"; on the device this is silent"#,
            file: "pages/a/a.js", line: 1, column: 77,
            sourceLine: "Page({ onLoad: function () { Promise.resolve().then(function () { JSON.parse('not json'); }); } });")
        #expect(
            run.results == [
                LogicTestResult(file: Self.testPath, name: "fact", status: .failed, failure: Self.untakenError, appErrors: [error])
            ])
    }

    // MARK: - Failures: what each kind of failure reports, and where

    /// A test that passed but left an app error it did not take fails with this, then the error.
    static let untakenError = LogicTestProblem(
        kind: .app, message: "the app reported an error the device drops silently (a test that expects it takes it with app.takeErrors())")

    // A failed expectation: its message, and the line and column of expect(…) in the test file.
    @Test func failedExpectationIsReportedWhereItFailed() {
        let run = run(
            ["pages/a/a.js": "Page({ data: { n: 1 } });"],
            testFile: """
                test('fact', async () => {
                  const page = await app.launch();
                  expect(page.data).toEqual({ n: 2 });
                });

                """)
        #expect(run.fileProblems == [])
        #expect(
            run.results == [
                LogicTestResult(
                    file: Self.testPath, name: "fact", status: .failed,
                    failure: LogicTestProblem(
                        kind: .expectation, message: #"expected {"n":1} to equal {"n":2}"#, file: Self.testPath, line: 3, column: 28,
                        sourceLine: "  expect(page.data).toEqual({ n: 2 });",
                        // Both values as the text report's line diff shows them.
                        comparison: .init(expected: "{\n  \"n\": 2\n}", received: "{\n  \"n\": 1\n}")),
                    appErrors: [])
            ])
    }

    // docs/runtimes.md, skip.script-errors-silent: a handler that throws is silent on the device; the
    // host fails the test with the app error at the app file's line and column.
    @Test func throwingHandlerIsAnAppError() {
        let script = "Page({\n  boom: function () {\n    var item = null;\n    return item.name;\n  }\n});"
        let run = fact(
            ["pages/a/a.js": script],
            #"""
            const page = await app.launch();
            await page.tap('boom');
            """#)
        let error = LogicTestProblem(
            kind: .app,
            message: "boom of pages/a/a threw TypeError: null is not an object (evaluating 'item.name'); on the device this is silent",
            file: "pages/a/a.js", line: 4, column: 16, sourceLine: "    return item.name;")
        #expect(
            run.results == [
                LogicTestResult(file: Self.testPath, name: "fact", status: .failed, failure: Self.untakenError, appErrors: [error])
            ])
    }

    // docs/runtimes.md, skip.fetch-response: a fetch with no reply is an app error (and rejects), which
    // fails the test.
    @Test func fetchWithoutAReplyIsAnAppError() {
        let run = page(
            #"""
            Page({ onLoad: function () { fetch('https://example.com/none').catch(function (reason) { skip.log(reason); }); } });
            """#,
            #"""
            await app.launch();
            expect(app.logs).toEqual(['mactl test: no reply for GET https://example.com/none']);
            """#)
        let error = LogicTestProblem(
            kind: .app,
            message: #"fetch("https://example.com/none") has no reply: add app.fetch.reply("https://example.com/none", body) to the test"#,
            file: "pages/a/a.js", line: 1, column: 35,
            sourceLine:
                "Page({ onLoad: function () { fetch('https://example.com/none').catch(function (reason) { skip.log(reason); }); } });")
        #expect(
            run.results == [
                LogicTestResult(file: Self.testPath, name: "fact", status: .failed, failure: Self.untakenError, appErrors: [error])
            ])
    }

    // A test whose promise nothing settles never finishes.
    @Test func testThatNeverFinishes() {
        let run = run([:], testFile: "test('fact', () => new Promise(() => {}));\n")
        #expect(
            run.results == [
                LogicTestResult(
                    file: Self.testPath, name: "fact", status: .failed,
                    failure: LogicTestProblem(
                        kind: .unfinished,
                        message: "the test never finished: it awaits a promise nothing settles (a timer needs `await app.tick(ms)`)",
                        file: Self.testPath),
                    appErrors: [])
            ])
    }

    // A test that loops is stopped at the time limit; the next test still runs.
    @Test func testThatLoopsIsStopped() {
        let run = run(
            [:], testFile: "test('loops', () => { for (;;) {} });\ntest('fact', () => {});\n", options: .init(timeLimitSeconds: 0.5))
        #expect(
            run.results == [
                LogicTestResult(
                    file: Self.testPath, name: "loops", status: .failed,
                    failure: LogicTestProblem(kind: .timeout, message: "the test ran longer than 0.5 s", file: Self.testPath), appErrors: []
                ),
                LogicTestResult(file: Self.testPath, name: "fact", status: .passed, failure: nil, appErrors: []),
            ])
    }

    // A handler that loops is stopped at the time limit, and named.
    @Test func handlerThatLoopsIsStoppedAndNamed() {
        let run = run(
            ["pages/a/a.js": "Page({ spin: function () { for (;;) {} } });"],
            testFile: "test('fact', async () => {\n  const page = await app.launch();\n  await page.tap('spin');\n});\n",
            options: .init(timeLimitSeconds: 0.5))
        #expect(
            run.results == [
                LogicTestResult(
                    file: Self.testPath, name: "fact", status: .failed,
                    failure: LogicTestProblem(
                        kind: .timeout, message: "the test ran longer than 0.5 s (it was running spin of pages/a/a)", file: Self.testPath),
                    appErrors: [])
            ])
    }

    // A test file with a syntax error does not load: no results, one file problem where the error is.
    @Test func testFileWithASyntaxError() {
        let run = run([:], testFile: "test('fact', () => {\n  expect(1).toBe(1);\n")
        #expect(run.results == [])
        #expect(
            run.fileProblems == [
                LogicTestProblem(
                    kind: .file, message: "the test file does not load: SyntaxError: Unexpected end of script", file: Self.testPath,
                    line: 3, column: 1,
                    sourceLine: "")
            ])
    }

    // A test file that declares no tests is a file problem.
    @Test func testFileWithNoTests() {
        let run = run([:], testFile: "const answer = 42;\n")
        #expect(run.results == [])
        #expect(
            run.fileProblems == [
                LogicTestProblem(
                    kind: .file, message: "the test file declares no tests: add test('what it checks', async () => { … })",
                    file: Self.testPath,
                    line: 1, column: 1, sourceLine: "const answer = 42;")
            ])
    }
}
