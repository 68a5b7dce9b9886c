/// The logic-layer host `mactl test` runs an app in: SkipMiniApp's runtime (R), page views (V)
/// and modules (N, NW, FS, LG, I), restated in JavaScript after `skip-runtime.md`, fact by fact.
///
/// It is one function expression, `(function (native, project) { … })`, made of the parts in
/// `JavaScript/logic-host/`; they share its scope. `native` gives it `evaluate(source, url)`
/// (a script in the app's one context, as the runtime runs every script), `declare(names)`
/// (the script globals the modules declare), and `enter`/`leave` (what app code runs, for a
/// test stopped by its time limit). `project` is `LogicHostProject`'s JSON. It installs the
/// runtime's globals and returns `{facade, errorsJSON}`: the `app` a test drives, and the
/// errors the device would have dropped silently.
enum LogicHostScript {
    /// The URL the host is evaluated under.
    static let url = "mactl:logic-host"

    /// The parts, in the order they are joined: later parts use what earlier ones define.
    static let parts = ["core", "registration", "views", "i18n", "timers", "network", "log", "file-system", "template", "preview", "smoke", "facade"]

    static let source: String = {
        "(function (native, project) {\n" + parts.map { EmbeddedScripts.file("logic-host/\($0).js") }.joined(separator: "\n") + "\n})"
    }()
}
