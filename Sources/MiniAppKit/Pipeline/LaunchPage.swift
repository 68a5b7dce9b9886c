extension ProjectModel {
    /// The page SkipMiniApp starts on and never leaves in its own bookkeeping: the first entry
    /// of the manifest's `pages` (`MiniAppRuntime.start` sets its page stack to it, and nothing
    /// the view does changes it). Its data receives every `x-model` update (`skip.model-launch-page`)
    /// and its view every page's `setData` (`skip.setdata-launch-page`). Nil when that entry is
    /// not a page mactl modelled (not a string, not a valid route).
    public var launchPage: PageModel? {
        guard let first = manifest?["pages"]?.elements?.first, let page = pages.first, page.manifestNode == first else { return nil }
        return page
    }

    /// Whether the manifest has a tab bar SkipMiniApp shows: two tabs or more (with one, the
    /// view shows a single stack on `pages[0]`).
    public var showsTabBar: Bool {
        (manifest?["tab_bar"]?["tabs"]?.elements?.count ?? 0) >= 2
    }

    /// The pages at the root of a navigation stack: the tab pages when the tab bar is shown,
    /// else the first page of `pages`. A root's script runs once, when it is first shown
    /// (`skip.page-script-per-visit`), and `redirectTo` on it changes nothing on screen
    /// (`skip.redirect-on-root`).
    public var stackRoots: [PageModel] {
        showsTabBar ? pages.filter(\.isTab) : Array(pages.prefix(1))
    }
}
