/// SkipMiniApp (`skiptools/skip-miniapp`) as its newest source behaves: the default profile.
/// Every fact was read from the file, commit and function it cites, most of them run
/// (`docs/runtimes.md`; the reading is in the project's runtime reference).
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
        facts: skipFacts)

    private static let skipRuntime = "Sources/SkipMiniAppModel/MiniAppRuntime.swift"
    private static let skipView = "Sources/SkipMiniApp/MiniAppView.swift"

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
            source: skipSource("Sources/SkipMiniAppModel/Modules/MiniAppNavigationModule.swift", "e47705f453abfe03bb2eec431e080f0ae3aa3dea", "registerInRuntime")),
        RuntimeFact(
            "skip.flat-api-removed",
            "The flat members of earlier versions (`skip.navigateTo`, `skip.switchTab`, `skip.fetch`, …) are `undefined`: calling one throws a TypeError the runtime drops, so nothing happens.",
            source: skipSource("Sources/SkipMiniAppModel/Modules/MiniAppNetworkModule.swift", "d1b640110c2bf6e26398cca785862c712831a103", "registerInRuntime")),
        RuntimeFact(
            "skip.globals",
            "A logic-layer script gets `App`, `Page`, `console`, the timers, `fetch` and the namespace; `getApp`, `getCurrentPages`, `require`, `wx`, `document`, `window`, `localStorage` and `global` are not defined.",
            source: skipSource(skipRuntime, "d1b640110c2bf6e26398cca785862c712831a103", "registerGlobals")),
        RuntimeFact(
            "skip.navigation-url-is-path",
            "A navigation `url` is used verbatim as a file path (`url + \".html\"`, `url + \".js\"`): a `?query` gives a blank page, and a leading `/` finds no script in a package; the query goes in `query:`.",
            source: skipSource("Sources/SkipMiniAppModel/Modules/MiniAppNavigationModule.swift", "e47705f453abfe03bb2eec431e080f0ae3aa3dea", "registerInRuntime")),
        RuntimeFact(
            "skip.switch-tab-exact",
            "`switchTab` switches only when `url` equals a tab's `page` exactly; otherwise nothing happens.",
            source: skipSource("Sources/SkipMiniAppModel/Modules/MiniAppNavigationModule.swift", "e47705f453abfe03bb2eec431e080f0ae3aa3dea", "tabIndexForPage")),
        RuntimeFact(
            "skip.onload-query",
            "`onLoad` receives `{query: \"<the raw query string>\"}` and nothing else: `options.id` is `undefined`.",
            source: skipSource(skipRuntime, "d1b640110c2bf6e26398cca785862c712831a103", "loadPage")),
        RuntimeFact(
            "skip.locale-chain",
            "The translation file is the first found of: the device tag, its language with the default region, its language; the same for the manifest's `lang`; then `en`. A `zh-Hans.json` is chosen only for a device tag of exactly `zh-Hans`, which phones do not have.",
            source: skipSource("Sources/SkipMiniAppModel/Modules/MiniAppI18nModule.swift", "7b034b0ae1a4793f4d3b335a4f747a24ac0f80df", "localeFallbackChain")),
        RuntimeFact(
            "skip.locale-flat",
            "A translation file must be a flat object of strings: one other value and the whole file is ignored.",
            source: skipSource("Sources/SkipMiniAppModel/Modules/MiniAppI18nModule.swift", "7b034b0ae1a4793f4d3b335a4f747a24ac0f80df", "parseTranslations")),
        RuntimeFact(
            "skip.app-id-folder",
            "The `app_id` names a folder (`<tmp>/miniapp/<app_id>`) that is deleted and rewritten: a `/` or `..` in it reaches outside the app's folder.",
            source: skipSource(skipView, "1f4c098e96af72271c978c7f8a9d05e130937bea", "loadFromPackage")),
        RuntimeFact(
            "skip.manifest-strict",
            "The manifest is decoded with strict types: a missing required member or a wrong type fails the whole app; unknown members are ignored.",
            source: skipSource("Sources/SkipMiniAppModel/MiniAppManifest.swift", "c043b4a65aec91f1e1ef842241229efe0998e29f", "MiniAppManifest (Codable)")),
        RuntimeFact(
            "skip.icons-decoded-only",
            "`icons[].src` and `widgets` are decoded but never read.",
            source: skipSource("Sources/SkipMiniAppModel/MiniAppManifest.swift", "c043b4a65aec91f1e1ef842241229efe0998e29f", "MiniAppManifest (Codable)")),
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
