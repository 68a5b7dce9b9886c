/// The logic-layer host `mactl test` runs an app in: SkipMiniApp's runtime (R), page views (V)
/// and modules (N, NW, FS, LG, I), restated in JavaScript fact by fact (docs/runtimes.md).
///
/// It is one function expression, `(function (native, project) { … })`, made of the parts in
/// `JavaScript/logic-host/` and the shared `JavaScript/expression-evaluator.js`; they share its scope. `native` gives it `evaluate(source, url)`
/// (a script in the app's one context, as the runtime runs every script), `declare(names)`
/// (the script globals the modules declare), and `enter`/`leave` (what app code runs, for a
/// test stopped by its time limit). `project` is `LogicHostProject`'s JSON. It installs the
/// runtime's globals and returns `{facade, errorsJSON}`: the `app` a test drives, and the
/// errors the device would have dropped silently.
enum LogicHostScript {
    /// The URL the host is evaluated under.
    static let url = "mactl:logic-host"

    /// The parts under `JavaScript/`, in the order they are joined: later parts use what
    /// earlier ones define. The expression evaluator is the one `mactl serve`'s view uses too.
    static let parts = [
        "logic-host/core.js", "logic-host/registration.js", "logic-host/views.js", "logic-host/i18n.js", "logic-host/timers.js",
        "logic-host/network.js", "logic-host/log.js", "logic-host/file-system.js", "expression-evaluator.js", "logic-host/template.js",
        "logic-host/preview.js", "logic-host/smoke.js", "logic-host/facade.js",
    ]

    static let source: String = {
        "(function (native, project) {\n" + parts.map(EmbeddedScripts.file).joined(separator: "\n") + "\n})"
    }()
}
