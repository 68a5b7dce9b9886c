/// The names an expression on a page can read, as the CSP build resolves them: the `page`
/// component SkipMiniApp defines (`store`, `handler`, `model`, one function per handler),
/// Alpine's magics, and the variables of enclosing `x-for` loops. Anything else is an
/// "Undefined variable" error in the WebView console.
public enum PageScope {
    /// What SkipMiniApp's `Alpine.data('page')` component always has.
    public static let componentMembers: Set<String> = ["store", "handler", "model", "init"]

    /// Alpine's magics, `$t` added by the runtime; `$event` only inside `x-on`.
    public static let magics: Set<String> = [
        "$t", "$el", "$refs", "$store", "$watch", "$dispatch", "$nextTick", "$root", "$data", "$id",
    ]
}
