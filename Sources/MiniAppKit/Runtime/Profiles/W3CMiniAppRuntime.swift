/// The W3C MiniApp specifications alone (Manifest, Packaging, Lifecycle), with no runtime's
/// extensions: for apps meant for any conforming host.
extension RuntimeProfile {
    public static let w3c = RuntimeProfile(
        id: "w3c",
        title: "W3C MiniApp",
        summary: "The W3C MiniApp specifications only, no runtime extension.",
        hostAPI: nil,
        requiresRootScriptAndStyle: true,
        readsIconsAndWidgets: true,
        pagesAreAlpineHTML: false,
        copiesOnlyListedPages: false,
        stylesheetsMustBeLinked: false,
        localeChoice: nil,
        navigationURLIsFilePath: false,
        onLoadOptionMembers: nil,
        appIDIsFolderName: false,
        evaluatesScripts: false,
        facts: [
            RuntimeFact(
                "w3c.root-files",
                "The package root must contain `manifest.json`, `app.js` and `app.css`; processing fails without them.",
                source: RuntimeSource(
                    repository: "w3c/miniapp-packaging", file: "index.html", commit: "bf56e2c",
                    symbol: "processing a MiniApp package, step 3")),
            RuntimeFact(
                "w3c.pages-exist",
                "Every `pages` and `widgets` path must have its files in the package; processing fails otherwise.",
                source: RuntimeSource(
                    repository: "w3c/miniapp-packaging", file: "index.html", commit: "bf56e2c",
                    symbol: "processing a MiniApp package, step 4")),
        ])
}
