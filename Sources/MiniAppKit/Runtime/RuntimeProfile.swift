/// What one MiniApp runtime does, as far as lint rules depend on it. A rule that depends on
/// the runtime asks the profile (`model.runtime`) instead of assuming one runtime, and names
/// the facts it relies on in its description (`RuleDescription.runtimeFacts`), so
/// `docs/rules.md` and `docs/runtimes.md` say which rule follows which line of which source.
///
/// A new runtime (a Quick App engine, a WeChat-style host) is one new file in `Profiles/`
/// that builds a `RuntimeProfile`, and one line in `RuntimeProfile.all`.
public struct RuntimeProfile: Sendable {
    /// The name used by `runtime:` in `.mactl.yml` and `--runtime`: `skip`, `w3c`.
    public var id: String
    public var title: String
    public var summary: String
    /// What an app for this runtime is: a W3C MiniApp of pages, or a web bundle.
    public var appKind: AppKind = .miniApp
    /// The host API page and app scripts may call, or `nil` when the runtime defines none that
    /// mactl knows: the script rules that check host calls then stay silent.
    public var hostAPI: HostAPI?
    /// Whether `app.js` and `app.css` must be in the package (the W3C Packaging processing
    /// fails without them); when `false` a missing one is worth a warning only.
    public var requiresRootScriptAndStyle: Bool
    /// Whether the runtime loads the manifest's `icons` and `widgets`; when it only decodes
    /// them, a missing file breaks nothing on it and is worth a warning (it still breaks a
    /// W3C host).
    public var readsIconsAndWidgets: Bool
    /// Whether pages are HTML rendered with Alpine.js in a web view, so markup of another
    /// framework (Quick App's `<template>`/`<text>`) shows blank.
    public var pagesAreAlpineHTML: Bool
    /// Whether a project run from a folder gets only the pages `pages` lists (with the root
    /// files and tab icons), so an unlisted page opens blank and any other file a page loads
    /// is missing.
    public var copiesOnlyListedPages: Bool
    /// Whether a page gets `app.css` and its own `.css` only through a `<link>` in its
    /// template, because the runtime injects no stylesheet.
    public var stylesheetsMustBeLinked: Bool
    /// How the runtime picks a translation file for a device, or `nil` when the runtime
    /// does not say (then no file is reported as never chosen).
    public var localeChoice: LocaleChoice?
    /// Whether a navigation `url` is used verbatim as a file path, so a `?query` or a leading
    /// `/` breaks the page.
    public var navigationURLIsFilePath: Bool
    /// The members of the object a page's `onLoad` receives, or `nil` when not known.
    public var onLoadOptionMembers: [String]?
    /// Whether the `app_id` is used as a folder name on the device.
    public var appIDIsFolderName: Bool
    /// Whether mactl models the runtime's script globals, so an exception a script throws
    /// when mactl runs it at lint time is the runtime's too; otherwise only syntax errors are.
    public var evaluatesScripts: Bool
    /// The behaviours rules check for (`RuntimeBehavior`); empty for a runtime mactl does not
    /// model that closely.
    public var behaviors: Set<RuntimeBehavior> = []
    /// Whether mactl's logic-layer host (`mactl test`, `serve`'s preview, `lint`'s smoke run)
    /// restates this runtime, so what an app does in it is what it does on the device.
    public var hostIsEmulated = false
    /// Which lifecycle hooks the runtime calls, or `nil` when mactl does not know: the rule
    /// about hooks that never run then stays silent.
    public var lifecycle: LifecycleHooks? = nil
    /// Every fact the profile's rules rely on, each with its source.
    public var facts: [RuntimeFact]

    /// Whether the runtime has `behavior`.
    public func has(_ behavior: RuntimeBehavior) -> Bool { behaviors.contains(behavior) }

    /// The profile of the given `id`, if there is one.
    public static func named(_ id: String) -> RuntimeProfile? { all.first { $0.id == id } }

    /// The profile a project is checked against unless it says otherwise: SkipMiniApp as its
    /// newest source behaves.
    public static var `default`: RuntimeProfile { .skip }

    /// The profile a package is checked against when nobody names one: `rakuten` for a web
    /// bundle (an `index.html` at the root, and neither `app.js` nor a `pages/` folder, which
    /// every MiniApp has one of), else the default.
    public static func forPackage(_ files: [SourceFile]) -> RuntimeProfile {
        let paths = Set(files.map(\.path))
        let isWebBundle = paths.contains("index.html") && !paths.contains("app.js") && !paths.contains { $0.hasPrefix("pages/") }
        return isWebBundle ? .rakuten : .default
    }

    /// Every runtime mactl knows, the default first.
    public static let all: [RuntimeProfile] = [.skip, .w3c, .rakuten]
}

/// The two shapes of app mactl builds. Each rule checks one or both (`RuleDescription.appKinds`).
public enum AppKind: String, Sendable, Hashable, CaseIterable {
    /// A W3C MiniApp: `manifest.json` with `pages`, `app.js`, page templates and scripts, packed
    /// as a `.ma`.
    case miniApp
    /// A web app whose root is `index.html`, with a manifest of its own, packed as a `.zip`
    /// (Rakuten's MiniApp SDK).
    case webBundle
}

/// One thing a runtime does that a rule relies on, and where it was read.
public struct RuntimeFact: Sendable, Hashable {
    /// A stable kebab-case name rules cite: `skip.css-not-injected`.
    public var id: String
    public var statement: String
    public var source: RuntimeSource

    public init(_ id: String, _ statement: String, source: RuntimeSource) {
        self.id = id
        self.statement = statement
        self.source = source
    }
}

/// Where a runtime fact was read: a file at a commit of a repository, and the function.
public struct RuntimeSource: Sendable, Hashable {
    public var repository: String
    public var file: String
    public var commit: String
    public var symbol: String

    public init(repository: String, file: String, commit: String, symbol: String) {
        self.repository = repository
        self.file = file
        self.commit = commit
        self.symbol = symbol
    }

    /// `skiptools/skip-miniapp Sources/…/MiniAppRuntime.swift@d1b6401 (loadPage)`.
    public var citation: String {
        "\(repository) \(file)@\(commit)\(symbol.isEmpty ? "" : " (\(symbol))")"
    }
}
