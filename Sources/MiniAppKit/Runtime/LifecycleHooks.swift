/// Which lifecycle hooks a runtime calls, and which hook names of other MiniApp platforms an
/// author may write out of habit. Rules ask this model whether a hook runs instead of keeping
/// their own lists (`script-hook-never-called`).
public struct LifecycleHooks: Sendable {
    /// Page hooks the runtime calls, in the order it first calls them.
    public var pageHooksCalled: [String]
    /// App hooks the runtime calls.
    public var appHooksCalled: [String]
    /// Hooks the runtime knows by name (it keeps them out of the handlers) but never calls,
    /// with what to do instead.
    public var knownButNeverCalled: [RegistrationFunction: [String: String]]
    /// The facts this table was read from, cited by the rules that use it.
    public var factIDs: [String]

    /// What the runtime does with a function member `name` of a `Page()` or `App()`
    /// registration that no template binds: `nil` when it is called or is an ordinary
    /// handler, else why it never runs and what to do instead.
    public func neverCalledHook(_ name: String, of function: RegistrationFunction) -> NeverCalledHook? {
        if let instead = knownButNeverCalled[function]?[name] {
            return NeverCalledHook(name: name, platform: nil, instead: instead)
        }
        let called = function == .page ? pageHooksCalled : appHooksCalled
        guard !called.contains(name),
            let other = Self.otherPlatformHooks[function]?.first(where: { $0.name == name })
        else { return nil }
        return NeverCalledHook(name: name, platform: other.platform, instead: other.instead)
    }

    /// Hooks other platforms call by name (WeChat's and Alipay's mini programs, Quick App, and
    /// the web frameworks an author may come from, Vue and React), from their public API
    /// references; none of them is a hook of an Alpine-HTML runtime. Names generic enough to be
    /// an ordinary handler (`onRefresh`) are left out.
    static let otherPlatformHooks: [RegistrationFunction: [(name: String, platform: String, instead: String)]] = [
        .page: [
            ("onPullDownRefresh", "WeChat", "the page has no pull-to-refresh: add a refresh button bound with '@click'"),
            ("onReachBottom", "WeChat", "nothing reports the end of the page: add a 'load more' button bound with '@click'"),
            ("onPageScroll", "WeChat", "the logic layer is not told about scrolling"),
            ("onShareAppMessage", "WeChat", "the runtime has no share menu"),
            ("onShareTimeline", "WeChat", "the runtime has no share menu"),
            ("onAddToFavorites", "WeChat", "the runtime has no favourites menu"),
            ("onTabItemTap", "WeChat", "a tab tap shows the tab's page: use its 'onShow'"),
            ("onResize", "WeChat", "the logic layer is not told about size changes"),
            ("onSaveExitState", "WeChat", "nothing is saved on exit"),
            ("onTitleClick", "Alipay", "the navigation bar title is not tappable"),
            ("onOptionMenuClick", "Alipay", "the runtime has no option menu"),
            ("onInit", "Quick App", "use 'onLoad'"),
            ("onBackPress", "Quick App", "the back button is the host's: use 'onHide'"),
            ("onMenuPress", "Quick App", "the runtime has no menu"),
            ("onDestroy", "Quick App", "pages are never destroyed: clean up in 'onHide'"),
            ("beforeCreate", "Vue", "use 'onLoad'"),
            ("created", "Vue", "use 'onLoad'"),
            ("beforeMount", "Vue", "use 'onLoad'"),
            ("mounted", "Vue", "use 'onReady', which runs when the page's view has loaded"),
            ("updated", "Vue", "the logic layer is not told when the view updates"),
            ("beforeUnmount", "Vue", "pages are never unmounted: clean up in 'onHide'"),
            ("unmounted", "Vue", "pages are never unmounted: clean up in 'onHide'"),
            ("beforeDestroy", "Vue", "pages are never destroyed: clean up in 'onHide'"),
            ("destroyed", "Vue", "pages are never destroyed: clean up in 'onHide'"),
            ("componentDidMount", "React", "use 'onReady', which runs when the page's view has loaded"),
            ("componentWillUnmount", "React", "pages are never unmounted: clean up in 'onHide'"),
        ],
        .app: [
            ("onPageNotFound", "WeChat", "check the route before you navigate"),
            ("onUnhandledRejection", "WeChat", "add a '.catch' to the promise"),
            ("onThemeChange", "WeChat", "follow the theme in CSS with 'prefers-color-scheme'"),
            ("onCreate", "Quick App", "use 'onLaunch'"),
            ("onDestroy", "Quick App", "the app is never told it ends"),
        ],
    ]
}

/// A registration member named like a lifecycle hook that the runtime never calls.
public struct NeverCalledHook: Sendable, Hashable {
    public var name: String
    /// The platform whose hook it is, or nil for one of the runtime's own names.
    public var platform: String?
    /// What to do instead, as a clause.
    public var instead: String
}
