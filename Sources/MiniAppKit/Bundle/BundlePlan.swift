/// Exactly which files ship in the package, and why; and which do not.
public struct BundlePlan: Sendable, Codable {
    public struct ShippedFile: Sendable, Hashable, Codable {
        public var path: String
        /// Why it ships: "manifest", "page", "locale", "icon", "common", "asset", "include".
        public var reason: String
    }

    public struct LeftOutFile: Sendable, Hashable, Codable {
        public var path: String
        public var reason: String
    }

    public var shipped: [ShippedFile]
    public var leftOut: [LeftOutFile]

    public var shippedPaths: Set<String> { Set(shipped.map(\.path)) }
}

/// Decides the bundle: the files the runtime loads (W3C MiniApp Packaging: manifest, app
/// files, the manifest's pages, locales, `common/`) plus every asset something references,
/// plus `.mactl.yml` `include:` globs. Runtimes "MUST strictly limit the resources to be
/// processed", so nothing else goes in: no tests, no sources of other tools, no stray pages.
public enum BundlePlanner {
    public static func plan(_ model: ProjectModel) -> BundlePlan {
        if model.runtime.appKind == .webBundle { return webBundlePlan(model) }
        var reasons: [String: String] = [:]
        let excluded = { (path: String) in model.configuration.excludePatterns.contains { Glob.matches($0, path) } }
        func ship(_ path: String, _ reason: String) {
            if model.project.contains(path), reasons[path] == nil, !excluded(path) { reasons[path] = reason }
        }
        ship(ProjectModel.manifestPath, "manifest")
        ship("app.js", "app")
        ship("app.css", "app")
        for page in model.pages {
            for suffix in [".html", ".js", ".css"] { ship(page.route + suffix, "page") }
        }
        for widget in model.manifest?["widgets"]?.elements ?? [] {
            if let route = widget["path"]?.stringValue.flatMap(ManifestPaths.canonicalRoute) {
                for suffix in [".html", ".js", ".css"] { ship(route + suffix, "widget") }
            }
        }
        for catalog in model.locales.catalogs { ship(catalog.path, "locale") }
        for icon in model.manifest?["icons"]?.elements ?? [] {
            if let path = icon["src"]?.stringValue.flatMap(ManifestPaths.normalized) { ship(path, "icon") }
        }
        for (_, tab) in model.tabNodes {
            if let path = tab["icon"]?.stringValue.flatMap(ManifestPaths.normalized) { ship(path, "icon") }
        }
        for path in model.project.paths where path.hasPrefix("common/") { ship(path, "common") }
        // References can chain (a page's stylesheet loads a font), so follow them to a fixpoint.
        let references = model.assetReferences
        var changed = true
        while changed {
            changed = false
            for reference in references
            where reasons[reference.source] != nil && reasons[reference.path] == nil
                && model.project.contains(reference.path) && !excluded(reference.path)
            {
                reasons[reference.path] = "asset"
                changed = true
            }
        }
        for pattern in model.configuration.includePatterns {
            for path in model.project.paths where Glob.matches(pattern, path) { ship(path, "include") }
        }
        let shipped = reasons.keys.sorted().map { BundlePlan.ShippedFile(path: $0, reason: reasons[$0]!) }
        let leftOut = model.project.paths.filter { reasons[$0] == nil }.map { path in
            BundlePlan.LeftOutFile(path: path, reason: Self.reasonLeftOut(path, model: model))
        }
        return BundlePlan(shipped: shipped, leftOut: leftOut)
    }

    /// The files a development tool reads and the app does not: npm's package files, and tests.
    static let webBundleToolFiles: Set<String> = ["package.json", "package-lock.json", "npm-shrinkwrap.json", "yarn.lock"]

    /// A web bundle loads whatever its pages ask for, by any URL a script builds, so every file
    /// ships but the tools' own (`webBundleToolFiles`, `tests/`) and what `exclude:` lists. The
    /// project walk already leaves out dotfiles, `node_modules/` and `dist/`.
    static func webBundlePlan(_ model: ProjectModel) -> BundlePlan {
        var shipped: [BundlePlan.ShippedFile] = []
        var leftOut: [BundlePlan.LeftOutFile] = []
        for path in model.project.paths {
            if model.configuration.excludePatterns.contains(where: { Glob.matches($0, path) }) {
                leftOut.append(BundlePlan.LeftOutFile(path: path, reason: "excluded by '.mactl.yml'"))
            } else if webBundleToolFiles.contains(path) {
                leftOut.append(BundlePlan.LeftOutFile(path: path, reason: "read by npm, not by the app"))
            } else if path.hasPrefix(ProjectModel.testsFolder) {
                leftOut.append(BundlePlan.LeftOutFile(path: path, reason: "a test"))
            } else {
                shipped.append(BundlePlan.ShippedFile(path: path, reason: path == RakutenBundle.indexPath ? "index" : "bundle"))
            }
        }
        return BundlePlan(shipped: shipped, leftOut: leftOut)
    }

    static func reasonLeftOut(_ path: String, model: ProjectModel) -> String {
        if model.configuration.excludePatterns.contains(where: { Glob.matches($0, path) }) { return "excluded by '.mactl.yml'" }
        if path.hasPrefix("pages/") && (path.hasSuffix(".html") || path.hasSuffix(".js") || path.hasSuffix(".css")) {
            return "a page that is not in the manifest"
        }
        if path.hasPrefix("assets/") { return "an asset nothing references" }
        if path.hasPrefix(ProjectModel.testsFolder) { return "a test, run by 'mactl test'" }
        return "not part of the app: not in the manifest, not referenced, not in 'common/'"
    }
}

/// `*` (within a path segment), `**` (any number of segments) and `?` globs, as `.mactl.yml`
/// `include:` patterns use them.
public enum Glob {
    public static func matches(_ pattern: String, _ path: String) -> Bool {
        matchSegments(pattern.split(separator: "/").map(String.init)[...], path.split(separator: "/").map(String.init)[...])
    }

    private static func matchSegments(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            for start in path.startIndex...path.endIndex where matchSegments(rest, path[start...]) { return true }
            return false
        }
        guard let segment = path.first, matchSegment(Array(first.unicodeScalars)[...], Array(segment.unicodeScalars)[...]) else {
            return false
        }
        return matchSegments(pattern.dropFirst(), path.dropFirst())
    }

    private static func matchSegment(_ pattern: ArraySlice<Unicode.Scalar>, _ text: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        switch first {
        case "*":
            for start in text.startIndex...text.endIndex where matchSegment(pattern.dropFirst(), text[start...]) { return true }
            return false
        case "?":
            return !text.isEmpty && matchSegment(pattern.dropFirst(), text.dropFirst())
        default:
            return text.first == first && matchSegment(pattern.dropFirst(), text.dropFirst())
        }
    }
}
