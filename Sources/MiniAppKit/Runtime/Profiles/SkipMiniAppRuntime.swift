/// SkipMiniApp (`skiptools/skip-miniapp`) as its newest source behaves: the default profile.
/// Every fact was read from the file, commit and function it cites, most of them run
/// (`docs/runtimes.md` lists each fact with its source).
extension RuntimeProfile {
    public static let skip = RuntimeProfile(
        id: "skip",
        title: "SkipMiniApp",
        summary: "SkipMiniApp on iOS and Android, as its newest source behaves (the default).",
        hostAPI: HostAPI(
            namespaces: ["miniapp", "skip"],
            members: [
                "nav.navigateTo", "nav.navigateBack", "nav.redirectTo", "nav.reLaunch", "nav.switchTab",
                "nav.setNavigationBarTitle",
                "net.fetch",
                "fs.root.getFileHandle", "fs.root.getDirectoryHandle", "fs.root.entries", "fs.root.removeEntry",
                "log", "getSystemInfo",
                "i18n.t", "i18n.n", "i18n.d", "i18n.plural", "i18n.locale",
                "db.exec", "db.query",
            ],
            movedMembers: [
                "navigateTo": "nav.navigateTo", "navigateBack": "nav.navigateBack", "redirectTo": "nav.redirectTo",
                "reLaunch": "nav.reLaunch", "switchTab": "nav.switchTab",
                "setNavigationBarTitle": "nav.setNavigationBarTitle", "fetch": "net.fetch",
            ],
            globals: [
                "App", "Page", "console", "setTimeout", "clearTimeout", "setInterval", "clearInterval", "fetch",
                "miniapp", "skip",
            ],
            scriptDeclaredGlobals: ["fetch", "__i18nMessages", "__i18nLocale", "__i18nTranslate", "__FSDirectoryHandle", "__FSFileHandle"],
            factIDs: ["skip.namespace", "skip.host-api", "skip.flat-api-removed", "skip.globals"]),
        requiresRootScriptAndStyle: false,
        readsIconsAndWidgets: false,
        pagesAreAlpineHTML: true,
        copiesOnlyListedPages: true,
        stylesheetsMustBeLinked: true,
        localeChoice: .skipMiniApp,
        navigationURLIsFilePath: true,
        onLoadOptionMembers: ["query"],
        appIDIsFolderName: true,
        evaluatesScripts: true,
        behaviors: Set(RuntimeBehavior.allCases),
        hostIsEmulated: true,
        lifecycle: LifecycleHooks(
            pageHooksCalled: ["onLoad", "onReady", "onShow", "onHide"],
            appHooksCalled: ["onLaunch", "onShow"],
            knownButNeverCalled: [
                .page: ["onUnload": "clean up in 'onHide' (and set up again in 'onShow')"],
                .app: [
                    "onHide": "the app is not told when it goes to the background",
                    "onError":
                        "errors are dropped without a message: catch them where they happen with 'try'/'catch' and log them with 'skip.log'",
                ],
            ],
            factIDs: ["skip.lifecycle-hooks"]),
        facts: skipFacts)

    private static let skipRuntime = "Sources/SkipMiniAppModel/MiniAppRuntime.swift"
    private static let skipView = "Sources/SkipMiniApp/MiniAppView.swift"
    private static let skipI18n = "Sources/SkipMiniAppModel/Modules/MiniAppI18nModule.swift"
    private static let skipNavigation = "Sources/SkipMiniAppModel/Modules/MiniAppNavigationModule.swift"
    private static let skipNetwork = "Sources/SkipMiniAppModel/Modules/MiniAppNetworkModule.swift"
    private static let skipIcon = "Sources/SkipMiniApp/SVGIcon.swift"
    private static let iconCommit = "54223c521c67a3ff391d795981569ae1fc1080a6"
    private static let runtimeCommit = "d1b640110c2bf6e26398cca785862c712831a103"
    private static let viewCommit = "1f4c098e96af72271c978c7f8a9d05e130937bea"
    private static let i18nCommit = "7b034b0ae1a4793f4d3b335a4f747a24ac0f80df"
    private static let navigationCommit = "e47705f453abfe03bb2eec431e080f0ae3aa3dea"

    private static func skipSource(_ file: String, _ commit: String, _ symbol: String) -> RuntimeSource {
        RuntimeSource(repository: "skiptools/skip-miniapp", file: file, commit: commit, symbol: symbol)
    }

    private static let skipFacts: [RuntimeFact] = [
        RuntimeFact(
            "skip.app-script-optional",
            "`app.js` is optional: it runs only when the package has one, and an app without `App()` is fine; `app.css` is never read.",
            source: skipSource(skipRuntime, "d1b640110c2bf6e26398cca785862c712831a103", "start")),
        RuntimeFact(
            "skip.css-not-injected",
            "No stylesheet is injected into a page: `app.css` and the page's `.css` apply only through a `<link>` in the page's template.",
            source: skipSource(skipView, "1f4c098e96af72271c978c7f8a9d05e130937bea", "makeMiniAppBridgeUserScript")),
        RuntimeFact(
            "skip.route-files",
            "A route is a file path: the template is `<route>.html` and the script `<route>.js`; without the `.html` the page is blank.",
            source: skipSource(skipView, "1f4c098e96af72271c978c7f8a9d05e130937bea", "MiniAppPageView.pageURL")),
        RuntimeFact(
            "skip.directory-whitelist",
            "From a folder, only `manifest.json`, `app.js`, `app.css`, the files of each `pages` route and the tab icons are copied: an unlisted page is blank.",
            source: skipSource(skipView, "1f4c098e96af72271c978c7f8a9d05e130937bea", "buildFileList")),
        // Tab icons: SVGIcon.swift's iOS reader and Android decoding.
        RuntimeFact(
            "skip.tab-icon-box",
            "An iOS tab icon's box is the first `viewBox=\"` in the file split on single spaces (fewer than 4 numbers: 24×24); without one, the first `width=\"` and `height=\"` anywhere in the file (`stroke-width` included), 24 when missing or not a plain number. Paths are scaled to fit 24 points, centred.",
            source: skipSource(skipIcon, iconCommit, "SVGParser.parseViewBox, parseAttribute, SVGPathView.loadSVG")),
        RuntimeFact(
            "skip.tab-icon-paths",
            "An iOS tab icon draws only path data found after ` d=\"`, `\"d=\"` or a tab and `d=\"`, in any element: a `d` after a line break, in single quotes or with spaces around `=` is not found, and `circle`, `rect`, `polygon`, `use`, `text` and the like, and `transform`, are ignored. A file that is not UTF-8 draws nothing.",
            source: skipSource(skipIcon, iconCommit, "SVGParser.parsePaths")),
        RuntimeFact(
            "skip.tab-icon-commands",
            "The iOS tab icon reader draws `M L H V C S Q Z` (either case); `A a T t` and other letters are skipped with their numbers, and the next command starts where the skipped one started.",
            source: skipSource(skipIcon, iconCommit, "SVGParser.parseSVGPath")),
        RuntimeFact(
            "skip.tab-icon-numbers",
            "The iOS tab icon reader cuts numbers at letters, commas, spaces, tabs, line breaks and `-`, not at a second `.`: `.5.5` is one token, `Double` fails, the reader does not advance and its loop never ends, so the app hangs drawing the tab bar. A number after `Z`, or a CRLF inside a number, hangs it too.",
            source: skipSource(skipIcon, iconCommit, "SVGParser.tokenize, parseSVGPath (nextNum, hasMoreNumbers)")),
        RuntimeFact(
            "skip.tab-icon-fill",
            "All paths of an iOS tab icon are merged into one path and filled with the nonzero rule; `fill`, `fill=\"none\"`, `stroke`, `fill-rule` and hiding (`<defs>`, `display`) are ignored, and the image is a template the tab bar tints: its colours never show.",
            source: skipSource(skipIcon, iconCommit, "SVGPathView.body, SVGIcon.renderedImage")),
        RuntimeFact(
            "skip.tab-icon-android",
            "On Android a tab icon is decoded with `UIImage(data:)`, whose decoders have no SVG support: every SVG tab icon shows the `questionmark.circle` placeholder.",
            source: skipSource(skipIcon, iconCommit, "SVGIcon.androidSVGImage")),
        RuntimeFact(
            "skip.page-root",
            "A template binds to its page only inside `x-data=\"page\"`: without it there is no `store`, no handlers and no x-model wiring.",
            source: skipSource(skipView, "1f4c098e96af72271c978c7f8a9d05e130937bea", "makeMiniAppBridgeUserScript")),
        RuntimeFact(
            "skip.html-view",
            "A page template is an HTML document shown in a web view with Alpine: Quick App markup (a `<template>` root, `<text>`, `<div>` inside `<template>`) is inert HTML and shows a blank page.",
            source: skipSource(skipView, "1f4c098e96af72271c978c7f8a9d05e130937bea", "MiniAppPageView.pageURL")),
        RuntimeFact(
            "skip.namespace",
            "The host object is `miniapp`, and also `skip` when the host passes that name: the same object under both.",
            source: skipSource(skipView, "1f4c098e96af72271c978c7f8a9d05e130937bea", "MiniAppHostView.init")),
        RuntimeFact(
            "skip.host-api",
            "The host API: `nav.navigateTo/navigateBack/redirectTo/reLaunch/switchTab/setNavigationBarTitle`, `net.fetch` and a global `fetch`, `fs.root.*`, `log`, `getSystemInfo`, `i18n.t/n/d/plural/locale`, `db.exec/query`.",
            source: skipSource(
                "Sources/SkipMiniAppModel/Modules/MiniAppNavigationModule.swift", "e47705f453abfe03bb2eec431e080f0ae3aa3dea",
                "registerInRuntime")),
        RuntimeFact(
            "skip.flat-api-removed",
            "The flat members of earlier versions (`skip.navigateTo`, `skip.switchTab`, `skip.fetch`, …) are `undefined`: calling one throws a TypeError the runtime drops, so nothing happens.",
            source: skipSource(
                "Sources/SkipMiniAppModel/Modules/MiniAppNetworkModule.swift", "d1b640110c2bf6e26398cca785862c712831a103",
                "registerInRuntime")),
        RuntimeFact(
            "skip.globals",
            "A logic-layer script gets `App`, `Page`, `console`, the timers, `fetch` and the namespace; `getApp`, `getCurrentPages`, `require`, `wx`, `document`, `window`, `localStorage` and `global` are not defined.",
            source: skipSource(skipRuntime, "d1b640110c2bf6e26398cca785862c712831a103", "registerGlobals")),
        RuntimeFact(
            "skip.navigation-url-is-path",
            "A navigation `url` is used verbatim as a file path (`url + \".html\"`, `url + \".js\"`): a `?query` gives a blank page, and a leading `/` finds no script in a package; the query goes in `query:`.",
            source: skipSource(
                "Sources/SkipMiniAppModel/Modules/MiniAppNavigationModule.swift", "e47705f453abfe03bb2eec431e080f0ae3aa3dea",
                "registerInRuntime")),
        RuntimeFact(
            "skip.switch-tab-exact",
            "`switchTab` switches only when `url` equals a tab's `page` exactly; otherwise nothing happens.",
            source: skipSource(
                "Sources/SkipMiniAppModel/Modules/MiniAppNavigationModule.swift", "e47705f453abfe03bb2eec431e080f0ae3aa3dea",
                "tabIndexForPage")),
        RuntimeFact(
            "skip.onload-query",
            "`onLoad` receives `{query: \"<the raw query string>\"}` and nothing else: `options.id` is `undefined`.",
            source: skipSource(skipRuntime, "d1b640110c2bf6e26398cca785862c712831a103", "loadPage")),
        RuntimeFact(
            "skip.locale-chain",
            "The translation file is the first found of: the device tag, its language with the default region, its language; the same for the manifest's `lang`; then `en`. A `zh-Hans.json` is chosen only for a device tag of exactly `zh-Hans`, which phones do not have.",
            source: skipSource(
                "Sources/SkipMiniAppModel/Modules/MiniAppI18nModule.swift", "7b034b0ae1a4793f4d3b335a4f747a24ac0f80df",
                "localeFallbackChain")),
        RuntimeFact(
            "skip.locale-flat",
            "A translation file must be a flat object of strings: one other value and the whole file is ignored.",
            source: skipSource(
                "Sources/SkipMiniAppModel/Modules/MiniAppI18nModule.swift", "7b034b0ae1a4793f4d3b335a4f747a24ac0f80df", "parseTranslations")
        ),
        RuntimeFact(
            "skip.app-id-folder",
            "The `app_id` names a folder (`<tmp>/miniapp/<app_id>`) that is deleted and rewritten: a `/` or `..` in it reaches outside the app's folder.",
            source: skipSource(skipView, "1f4c098e96af72271c978c7f8a9d05e130937bea", "loadFromPackage")),
        RuntimeFact(
            "skip.manifest-strict",
            "The manifest is decoded with strict types: a missing required member or a wrong type fails the whole app; unknown members are ignored.",
            source: skipSource(
                "Sources/SkipMiniAppModel/MiniAppManifest.swift", "c043b4a65aec91f1e1ef842241229efe0998e29f", "MiniAppManifest (Codable)")),
        RuntimeFact(
            "skip.icons-decoded-only",
            "`icons[].src` and `widgets` are decoded but never read.",
            source: skipSource(
                "Sources/SkipMiniAppModel/MiniAppManifest.swift", "c043b4a65aec91f1e1ef842241229efe0998e29f", "MiniAppManifest (Codable)")),
        RuntimeFact(
            "skip.one-script-context",
            "All scripts run in one JavaScript context: `app.js` and every page script share one global scope. A top-level `let`, `const` or `class` declared by two scripts makes the later one fail before any of its code runs (no `Page()`, no data, no handlers); a top-level `function` or `var` in two scripts silently replaces the earlier for every page.",
            source: skipSource(skipRuntime, runtimeCommit, "init, loadPage")),
        RuntimeFact(
            "skip.i18n-substitution",
            "`skip.i18n.t(key, params)` and `$t` give `merged[key] || key` with each `{name}` (a name in single braces) replaced by `String(params.name)`, every occurrence, when `params` is an object (a string or a number fills nothing); no other placeholder syntax is filled.",
            source: skipSource(skipI18n, i18nCommit, "registerInRuntime")),
        RuntimeFact(
            "skip.navigation-options-object",
            "`navigateTo`, `redirectTo`, `reLaunch`, `switchTab` and `setNavigationBarTitle` do `guard options.isObject`: a string argument is ignored silently; `navigateBack` reads `delta` from an object only, so `navigateBack(2)` pops one page.",
            source: skipSource(skipNavigation, navigationCommit, "registerInRuntime")),
        RuntimeFact(
            "skip.navigation-query-navigate-to-only",
            "Only `navigateTo` passes its `query` to the page it opens; `redirectTo` and `reLaunch` take the url only (the page's `onLoad` gets an empty query), and `switchTab` shows a tab whose `onLoad` already ran.",
            source: skipSource(skipNavigation, navigationCommit, "registerInRuntime")),
        RuntimeFact(
            "skip.lifecycle-hooks",
            "A page's `onLoad` runs when its view first appears, `onReady` and `onShow` when its web view first finishes loading, `onHide` when the view disappears and `onShow` again when it reappears; `onUnload` never runs (only `processNavigation(.pop)` calls it, and the view never calls that). The app's `onLaunch` and `onShow` run once at start; its `onHide` and `onError` never run. No other member is called by name.",
            source: skipSource(skipView, viewCommit, "MiniAppPageView.onAppear, onDisappear; startRuntime")),
        RuntimeFact(
            "skip.page-script-per-visit",
            "A page's script runs again each time the page is opened anew (each `navigateTo`, `redirectTo`, `reLaunch` to it; tab roots on first display only). On a second run a top-level `let`, `const` or `class` fails, the first visit's registration is kept, and the page shows the data the first visit left.",
            source: skipSource(skipView, viewCommit, "MiniAppPageView.onAppear")),
        RuntimeFact(
            "skip.script-declared-globals",
            "The runtime declares `fetch`, `__i18nMessages`, `__i18nLocale`, `__i18nTranslate`, `__FSDirectoryHandle` and `__FSFileHandle` by evaluating script in the shared context: a top-level `let`, `const` or `class` of one of these names fails the whole script, and a top-level `function` or `var` replaces the runtime's for every script.",
            source: skipSource(skipI18n, i18nCommit, "registerInRuntime")),
        RuntimeFact(
            "skip.script-errors-silent",
            "On iOS every script error is dropped: a script that fails at load, a handler or lifecycle hook that throws, a timer or promise callback that throws leave no message anywhere.",
            source: RuntimeSource(
                repository: "skiptools/skip-script", file: "Sources/SkipScript/JSContext.swift", commit: "b8daafb",
                symbol: "JSContext.evaluateScript")),
        RuntimeFact(
            "skip.handler-bridge-keys",
            "Each handler name is written unquoted as a key of the view's `Alpine.data('page')` object (`name: function(detail) {…}`), after the bridge's `store` getter, `handler` and `model` and before its `init`: a name that is not an identifier is a SyntaxError for the whole view script (Alpine included), and `store`, `handler`, `model` replace the bridge's own while `init` is replaced by it.",
            source: skipSource(skipView, viewCommit, "makeMiniAppBridgeUserScript")),
        RuntimeFact(
            "skip.event-type-detail",
            "A handler called from the view receives `{type: 'tap', detail}` and nothing else: no `target`, `currentTarget`, `dataset` or `timeStamp`.",
            source: skipSource(skipView, viewCommit, "dispatchMiniAppBridgeJSON")),
        RuntimeFact(
            "skip.event-detail-cloned",
            "The view posts the detail with `webkit.messageHandlers.miniappBridge.postMessage` inside `try {} catch(e) {}`: on iOS the detail is structured-cloned, so a DOM event (what Alpine passes for `@click=\"name\"`) or a reactive proxy (an `x-for` item, a store object) cannot be sent and the tap is dropped silently.",
            source: skipSource(skipView, viewCommit, "makeMiniAppBridgeUserScript ($handler)")),
        RuntimeFact(
            "skip.model-wired-once",
            "`x-model` is wired once, after Alpine's first pass: `document.querySelectorAll('[x-model]')` keeps elements whose attribute is exactly `x-model` and whose value starts with `store.`. Modifiers (`x-model.lazy`), other values, elements an `x-if` or `x-for` adds or re-creates later are never wired.",
            source: skipSource(skipView, viewCommit, "makeMiniAppBridgeUserScript (init)")),
        RuntimeFact(
            "skip.model-flat-key",
            "An `x-model` update posts the text after `store.` as the key and the element's `value` as a string: `store.a.b` is written as the flat key `'a.b'`, and a checkbox posts its `value` (`\"on\"`) whether checked or not.",
            source: skipSource(skipRuntime, runtimeCommit, "updatePageData")),
        RuntimeFact(
            "skip.model-launch-page",
            "An `x-model` update is written into the data of `currentPage`, which stays the launch page (`pages[0]`) whatever page is shown: the runtime never updates its page stack.",
            source: skipSource(skipRuntime, runtimeCommit, "updatePageData")),
        RuntimeFact(
            "skip.setdata-launch-page",
            "`setData` posts the caller's whole data to the launch page's view as well (the legacy `pendingDataUpdate`, taken only by the view of `pages[0]`): a key the launch page shares with another page shows the other page's value once that page calls `setData`.",
            source: skipSource(skipRuntime, runtimeCommit, "registerPageFunction (setData)")),
        RuntimeFact(
            "skip.i18n-format-options",
            "`i18n.n(x, options)` and `i18n.d(x, options)` paste `options.toString()` into evaluated code: an object gives `[object Object]`, a SyntaxError, and on iOS the call returns `undefined`.",
            source: skipSource(skipI18n, i18nCommit, "registerInRuntime (n, d)")),
        RuntimeFact(
            "skip.i18n-date-value",
            "`i18n.d(x)` formats with `Intl.DateTimeFormat.format(x)`: a string such as `'2024-01-15'` is a RangeError, and on iOS the call returns `undefined`.",
            source: skipSource(skipI18n, i18nCommit, "registerInRuntime (d)")),
        RuntimeFact(
            "skip.plural-count-int",
            "`i18n.plural(count, forms)` converts `count` with Swift's `Int(…)` when `forms` is an object: a count that is NaN (`undefined`, a non-numeric string, an object) or infinite traps, and the host app crashes on iOS.",
            source: skipSource(skipI18n, i18nCommit, "registerInRuntime (plural)")),
        RuntimeFact(
            "skip.navigate-back-delta-int",
            "`nav.navigateBack({delta})` converts `delta` with Swift's `Int(…)`: a non-numeric or infinite delta traps, and the host app crashes on iOS.",
            source: skipSource(skipNavigation, navigationCommit, "registerInRuntime (navigateBack)")),
        RuntimeFact(
            "skip.query-to-string",
            "`nav.navigateTo({url, query})` passes `query.toString()`: an object arrives in `onLoad` as `\"[object Object]\"`.",
            source: skipSource(skipNavigation, navigationCommit, "registerInRuntime (navigateTo)")),
        RuntimeFact(
            "skip.fetch-headers",
            "`fetch` and `net.fetch` never send `headers` (converted with `JSValue.toObject`, nil for a plain object), and a response's `headers` is always `{}`.",
            source: skipSource(skipNetwork, runtimeCommit, "registerInRuntime")),
        RuntimeFact(
            "skip.redirect-on-root",
            "`nav.redirectTo` replaces the top pushed page of the active stack; on a stack root (a tab page, or the launch page without tabs) the view has nothing to replace and nothing happens on screen.",
            source: skipSource(skipView, viewCommit, "handleNavigationAction (redirectTo)")),
        RuntimeFact(
            "skip.empty-files",
            "A zero-byte file is skipped when a folder is loaded and shows as missing: an empty page `.html` is a blank page, an empty page `.js` registers no `Page()` (no data, no handlers), an empty `.css` applies nothing.",
            source: skipSource(skipView, viewCommit, "loadFromDirectory")),
        // Manifest shapes and folder loads (issue 25, items 5 and 6).
        RuntimeFact(
            "skip.manifest-load-error",
            "A manifest the decoder rejects stops the whole app: the host shows \"Error loading MiniApp\" and the decoder's error instead of any page.",
            source: skipSource(skipView, viewCommit, "loadMiniApp, body")),
        RuntimeFact(
            "skip.manifest-json-decoder",
            "The manifest is read with Foundation's `JSONDecoder`: an `Int` takes a JSON number with a whole value (`2`, `2.0`, `1e2`) and refuses `2.5`, strings and booleans; a `Bool` refuses `0`, `1` and strings; a `String` refuses numbers; `null` counts as absent for an optional member and fails a required one or an array element; of two equal keys the first is read.",
            source: RuntimeSource(
                repository: "swiftlang/swift-foundation", file: "Sources/FoundationEssentials/JSON/JSONDecoder.swift",
                commit: "79124efd8adcf830dc8fc57717f41e6fe3254716",
                symbol: "unwrapFixedWidthInteger, KeyedContainer.stringify, decodeIfPresent")),
        RuntimeFact(
            "skip.tab-bar-two-tabs",
            "The tab bar is shown only for two tabs or more. With `\"tabs\": []` the navigation module makes no stack and the view renders nothing: a blank app. With one tab the view shows `pages[0]` on a single stack while the navigation module roots that stack at the tab's page: when the two differ, `switchTab` to the tab's page does nothing, `reLaunch` to it shows `pages[0]`, and a title set on the first screen goes to the tab's page, so the screen keeps an empty title.",
            source: skipSource(
                skipView, viewCommit,
                "body, singlePageContent, MiniAppPageView.pageTitle; with Modules/MiniAppNavigationModule.swift@e47705f configure")),
        RuntimeFact(
            "skip.package-extracted-whole",
            "A packed `.ma` is extracted whole, every entry, before the app starts: a file outside the folder whitelist is there when the app comes from a package, and missing when it comes from a folder.",
            source: skipSource(
                "Sources/SkipMiniAppModel/MiniAppPackage.swift", "de4e6fd7907ce3c8a1ddc0a320de2658afb80746",
                "MiniAppPackage.extractToDirectory")),
        // What `mactl test`'s logic host restates (Tests/MiniAppKitTests/LogicTest/LogicHostFactTests.swift).
        RuntimeFact(
            "skip.app-registration",
            "`App()` keeps only `onLaunch`, `onShow`, `onHide` and `onError`: any other member, `globalData` included, is dropped, and there is no `getApp()`. `onLaunch` gets `{path: \"\", query: \"\"}`.",
            source: skipSource(skipRuntime, runtimeCommit, "registerAppFunction")),
        RuntimeFact(
            "skip.page-registration",
            "`Page()` registers the page whose script is running; a second `Page()` in one script replaces the first. Its `data` is copied with `JSON.parse(JSON.stringify(…))` (functions and `undefined` vanish, a `Date` becomes a string, a `Set` or `Map` becomes `{}`), and `this.data` is the copy.",
            source: skipSource(skipRuntime, runtimeCommit, "registerPageFunction")),
        RuntimeFact(
            "skip.setdata-merge",
            "`setData(patch, cb)` merges path keys (`'a.b'`, `'items[0].x'`) into `this.data`; a patch that is not an object is ignored; `cb` runs synchronously.",
            source: skipSource(skipRuntime, runtimeCommit, "registerPageFunction (setData)")),
        RuntimeFact(
            "skip.setdata-routing",
            "`setData` queues the caller's whole data for the view of the page loaded last (`currentPagePath`), not the caller's: once page B is opened, another page's `setData` shows on B's view while B is alive, and on no view when it is gone.",
            source: skipSource(skipRuntime, runtimeCommit, "registerPageFunction (setData)")),
        RuntimeFact(
            "skip.onload-query-escaping",
            "The `onLoad` query is written into JSON text with only `\"` escaped: an invalid escape (`a\\q`), a trailing backslash or a line break makes `JSON.parse` fail, and `onLoad` silently does not run.",
            source: skipSource(skipRuntime, runtimeCommit, "loadPage")),
        RuntimeFact(
            "skip.view-bridge",
            "The view gets one user script at document end, in the main frame: Alpine's CSP build, then the bridge. On `alpine:init` the bridge registers `$t`, `Alpine.store('page', …)` with the data read after `onLoad`, and `Alpine.data('page')` (the `store` getter, `handler`, `model`, one method per handler, `init`); `window.__miniappSetData(patch)` assigns each key into the store.",
            source: skipSource(skipView, viewCommit, "makeMiniAppBridgeUserScript")),
        RuntimeFact(
            "skip.event-detail-default",
            "`$handler` posts `{type: 'tap', handler, detail: detail || {}}`: `name()` and a falsy detail (`0`, `''`, `false`, `null`, `undefined`, `NaN`) arrive as `{}`.",
            source: skipSource(skipView, viewCommit, "makeMiniAppBridgeUserScript ($handler)")),
        RuntimeFact(
            "skip.event-detail-crash",
            "On iOS an event detail holding a `Date`, `NaN` or `Infinity` reaches `JSONSerialization.data(withJSONObject:)`, which raises an Objective-C exception that `try?` does not catch: the host app crashes. Android's bridge sends `JSON.stringify` text instead.",
            source: skipSource(skipView, viewCommit, "dispatchMiniAppBridgeJSON")),
        RuntimeFact(
            "skip.navigation-stack",
            "`navigateTo` is ignored when the active stack is 10 deep; `navigateBack`'s `delta` below 1 becomes 1 and never pops a stack's root; `reLaunch` clears the pushed pages and pushes a non-tab url on the current tab; `setNavigationBarTitle` titles the top page of the active stack, not the caller.",
            source: skipSource(skipNavigation, navigationCommit, "registerInRuntime")),
        RuntimeFact(
            "skip.navigation-one-slot",
            "Navigation calls go through one slot (`pendingAction`) that the view watches: of several calls in one synchronous handler, only the last takes effect.",
            source: skipSource(skipNavigation, navigationCommit, "pendingAction")),
        RuntimeFact(
            "skip.timers",
            "Timer callbacks get no arguments (extra ones are dropped); a string callback never runs; a NaN delay (an explicit `undefined`) never fires.",
            source: skipSource(skipRuntime, runtimeCommit, "registerTimers")),
        RuntimeFact(
            "skip.fetch-response",
            "`fetch` sends `body` only when it is a string, with no base URL and no timeout; a failure (a relative URL included) rejects with a string, never an `Error`; the response's `json()` and `text()` return promises.",
            source: skipSource(skipNetwork, runtimeCommit, "registerInRuntime (__nativeFetch)")),
        RuntimeFact(
            "skip.fs-text",
            "`fs.root` is synchronous and text only: a file handle's `write` stores a string and `read` returns it, `size` is 0 on error and `entries()` `[]`; absolute paths, `..` and backslashes are refused; files go to the temporary folder unless the host names a base folder.",
            source: skipSource(
                "Sources/SkipMiniAppModel/Modules/MiniAppFileSystemModule.swift", "de4e6fd7907ce3c8a1ddc0a320de2658afb80746",
                "MiniAppFileSystem")),
        RuntimeFact(
            "skip.log-json",
            "`log(...)` writes an object with `JSON.stringify` (a cycle logs `\"\"`) and keeps every entry.",
            source: skipSource(
                "Sources/SkipMiniAppModel/Modules/MiniAppLoggingModule.swift", "2c799bc516074b52f3e1366cbd55ec757db7254a", "")),
        RuntimeFact(
            "skip.console-to-string",
            "`console.log`, `warn`, `error`, `info` and `debug` write to the system log, an object as `[object Object]`.",
            source: skipSource(skipRuntime, runtimeCommit, "registerGlobals")),
        RuntimeFact(
            "skip.system-info",
            "`getSystemInfo()` returns `{platform, appId, version}`: the platform, the manifest's `app_id` and its `version.name`.",
            source: skipSource(skipRuntime, runtimeCommit, "registerMiniAppNamespace")),
        RuntimeFact(
            "skip.plural-first-hash",
            "`i18n.plural(count, forms)` gives `forms[Intl.PluralRules(locale).select(count)] || forms.other || ''` and replaces only the first `#`, with `Int(count)` (1.5 gives 1).",
            source: skipSource(skipI18n, i18nCommit, "registerInRuntime (plural)")),
        RuntimeFact(
            "skip.natives-no-call",
            "A page's lifecycle functions and handlers are called as `__currentCallback.call(__currentPage)` in the shared context. A runtime native (`setData`, `console.log`) has no `call`, `apply` or `bind`, so one used as a lifecycle function or reached by `handler('name')` never runs, while Swift's `call(withArguments:)` (timers, `setData`'s callback) runs it.",
            source: skipSource(skipRuntime, runtimeCommit, "callOnPageInstance")),
    ]
}

extension LocaleChoice {
    /// SkipMiniApp's chain and default regions (`skip.locale-chain`).
    public static let skipMiniApp = LocaleChoice(
        defaultRegions: [
            "fr": "FR", "es": "ES", "pt": "PT", "de": "DE", "it": "IT", "nl": "NL", "ru": "RU", "ar": "SA",
            "zh": "CN", "ja": "JP", "ko": "KR", "en": "US",
        ],
        lastResort: "en")
}
