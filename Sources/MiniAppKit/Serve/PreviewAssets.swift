/// What `mactl serve` serves besides the project, from `JavaScript/serve/`: written for mactl,
/// not copied from anywhere. Alpine itself is not among them: it comes from its registry
/// package (scripts/fetch-alpine.sh).
enum PreviewAssets {
    /// Where the shell page carries the server's token (`PreviewServer.token`).
    static let tokenPlaceholder = "@MACTL_TOKEN@"

    /// The shell page: the phone frame, the side panel with the locale, lint findings, app errors and the log.
    static let shellHTML = EmbeddedScripts.file("serve/shell.html")

    /// The shell's script: renders the app's state and sends the tab bar, back button and locale to mactl.
    static let shellScript = EmbeddedScripts.file("serve/shell.js")

    /// The view bridge put into each page before Alpine, as the runtime puts its own (docs/runtimes.md, skip.view-bridge).
    static let bridgeScript = EmbeddedScripts.fileWithIncludes("serve/bridge.js")
}
