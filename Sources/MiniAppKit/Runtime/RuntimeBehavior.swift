/// A behaviour of a runtime that breaks correct-looking apps and that rules check for. A rule
/// asks `model.runtime.has(.sharedScriptContext)` instead of naming a runtime; the profile
/// that has the behaviour also carries the facts it was read from, which the rule cites.
public enum RuntimeBehavior: String, Sendable, Hashable, CaseIterable {
    /// All scripts (`app.js` and every page's) run in one JavaScript context, and a page's
    /// script runs again each time the page is opened anew: top-level declarations of all of
    /// them share one global scope, and a page's own `let` fails on its second visit.
    case sharedScriptContext
    /// A page's handler names become unquoted keys of the view's component object, beside
    /// the bridge's own `store` getter and `handler`, `model` and `init` members.
    case handlersAreBridgeMembers
    /// A handler receives only `{ type, detail }`, and on iOS the detail is structured-cloned
    /// by the web view: a DOM event or a reactive proxy cannot be, and the tap is dropped.
    case eventCarriesOnlyTypeAndDetail
    /// `x-model` is wired once, when Alpine starts, for elements whose value starts with
    /// `store.`; the rest of the value is a flat key written into the launch page's data.
    case modelWiredOnceIntoLaunchPage
    /// `setData` posts the caller's whole data to the launch page's view as well.
    case setDataReachesLaunchPage
    /// Host calls convert their arguments natively: format options become text, a count or
    /// a delta becomes a Swift `Int` (NaN traps), a query is `toString()`ed, fetch headers
    /// are dropped, and `redirectTo` on a stack root changes nothing on screen.
    case nativeHostArguments
    /// A translation file with one value that is not a string is ignored whole.
    case localeFileIgnoredWhole
    /// Zero-byte files are treated as missing.
    case emptyFilesSkipped
    /// On iOS a tab icon is not rendered as SVG: a small text reader finds `d="…"` path data
    /// and a box, and the paths are filled, merged, nonzero, as a template image.
    case tabIconsReadAsFilledPaths
    /// On Android an SVG tab icon is not decoded at all: every tab shows a placeholder.
    case svgTabIconsNotDecodedOnAndroid
    /// The manifest is decoded into typed structs: a missing required member or a JSON type
    /// the decoder does not take fails the whole app, whatever the W3C rules make of it.
    case manifestDecodedStrictly
    /// A tab bar is shown only with two tabs or more: with none the app renders nothing, with
    /// one `pages[0]` is shown on a navigation stack rooted at the tab's page.
    case tabBarNeedsTwoTabs
}
