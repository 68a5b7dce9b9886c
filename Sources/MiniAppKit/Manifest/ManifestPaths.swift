/// The paths a manifest names (pages, icons, widget pages, tab pages and icons) and how they
/// map to files in the package.
public enum ManifestPaths {
    /// Why a path cannot name a file inside the package, or `nil` when it can.
    public static func problem(with path: String) -> String? {
        if path.isEmpty { return nil }  // empty strings are the empty-string rule's
        if let colon = path.firstIndex(of: ":"), path[..<colon].allSatisfy({ $0.isLetter || $0 == "+" || $0 == "-" || $0 == "." }),
            path.distance(from: path.startIndex, to: colon) > 1
        {
            return "is a URL; a manifest names files inside the package, and runtimes ignore external URLs"
        }
        if path.hasPrefix("/") { return "is absolute; paths are relative to the package root" }
        if path.contains("\\") { return "contains a backslash; package paths use '/'" }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains("..") { return "contains '..'; a path must stay inside the package" }
        if segments.dropLast().contains("") || (segments.count > 1 && segments.last == "") {
            return "contains an empty path segment"
        }
        if let bad = path.unicodeScalars.first(where: isForbidden) {
            return "contains the character U+\(String(bad.value, radix: 16, uppercase: true)), which package file names must not use"
        }
        return nil
    }

    /// The package path of a valid manifest path (`./x` is `x`), or `nil` when it is invalid.
    public static func normalized(_ path: String) -> String? {
        guard !path.isEmpty, problem(with: path) == nil else { return nil }
        var result = Substring(path)
        while result.hasPrefix("./") { result = result.dropFirst(2) }
        let segments = result.split(separator: "/").filter { $0 != "." }
        return segments.isEmpty ? nil : segments.joined(separator: "/")
    }

    /// The template of a page route: the route plus `.html` (the extension may be omitted in
    /// the manifest, so a route that already ends in `.html` is kept).
    public static func templatePath(forRoute route: String) -> String? {
        guard let normalized = normalized(route) else { return nil }
        return normalized.hasSuffix(".html") ? normalized : normalized + ".html"
    }

    /// The route without a trailing `.html`, to compare routes written either way.
    public static func canonicalRoute(_ route: String) -> String? {
        guard let normalized = normalized(route) else { return nil }
        return normalized.hasSuffix(".html") ? String(normalized.dropLast(5)) : normalized
    }

    /// Characters W3C MiniApp Packaging forbids in file names (besides '/', the separator).
    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x22, 0x2A, 0x3A, 0x3C, 0x3E, 0x5C, 0x7C, 0x7F: return true
        case 0x00...0x1F, 0x80...0x9F: return true
        case 0xE000...0xF8FF, 0xFFF0...0xFFFF, 0xF0000...0x10FFFF: return true
        case 0xFDD0...0xFDEF, 0xE0001, 0xE007F: return true
        default: return scalar.value & 0xFFFE == 0xFFFE
        }
    }
}

/// The manifest's `pages`, `tab_bar.tabs` and other path-bearing members as typed lists.
extension ProjectModel {
    public struct PathReference: Sendable {
        public var path: String
        public var node: JSONNode
        public var memberPath: String
    }

    /// `pages` entries that are strings, in order.
    public var pageReferences: [PathReference] {
        (manifest?["pages"]?.elements ?? []).enumerated().compactMap { index, node in
            node.stringValue.map { PathReference(path: $0, node: node, memberPath: "pages[\(index)]") }
        }
    }

    /// Canonical routes of the manifest's valid pages.
    public var pageRoutes: Set<String> { Set(pageReferences.compactMap { ManifestPaths.canonicalRoute($0.path) }) }

    public var tabNodes: [(index: Int, node: JSONNode)] {
        (manifest?["tab_bar"]?["tabs"]?.elements ?? []).enumerated().compactMap { index, node in
            node.members != nil ? (index, node) : nil
        }
    }

    /// Every string member that names a file or route, for the path rule.
    public var pathReferences: [PathReference] {
        var references = pageReferences
        for (index, icon) in (manifest?["icons"]?.elements ?? []).enumerated() {
            if let src = icon["src"], let path = src.stringValue {
                references.append(PathReference(path: path, node: src, memberPath: "icons[\(index)].src"))
            }
        }
        for (index, widget) in (manifest?["widgets"]?.elements ?? []).enumerated() {
            if let node = widget["path"], let path = node.stringValue {
                references.append(PathReference(path: path, node: node, memberPath: "widgets[\(index)].path"))
            }
        }
        for (index, tab) in tabNodes {
            for key in ["page", "icon"] {
                if let node = tab[key], let path = node.stringValue {
                    references.append(PathReference(path: path, node: node, memberPath: "tab_bar.tabs[\(index)].\(key)"))
                }
            }
        }
        return references
    }
}
