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
}
