/// One SVG icon of the project: parsed, and rendered when it is safe to.
public struct IconModel: Sendable {
    public var path: String
    public var document: SVGDocument
    /// A tab bar shows it: it must be square and visible on light and dark bars.
    public var isTabIcon: Bool
    /// Renderings at each tab size with `currentColor` red, or empty when not rendered.
    public var renderings: [Int: IconRenderer.Measurement]
    /// Whether the icon takes the tab bar's colour through `currentColor`; nil if not rendered.
    public var usesCurrentColor: Bool?
    /// Why the icon was not rendered, when it was not.
    public var notRenderedBecause: String?
    /// A tab icon as SkipMiniApp's iOS tab bar reads and fills it, under a runtime that draws
    /// tab icons that way; nil otherwise, and for a file refused for its entity declarations
    /// or too large to render.
    public var onIOS: IOSTabIcon?

    /// Files above this size get a warning: an icon is a few hundred bytes of paths.
    public static let sizeBudget = 32 * 1024
    /// The sizes a tab bar draws icons at, in points and at 2x.
    public static let renderSizes = [24, 48]

    static func analyse(_ file: SourceFile, isTabIcon: Bool, runtime: RuntimeProfile) -> IconModel {
        let document = SVGParser.parse(file)
        var model = IconModel(path: file.path, document: document, isTabIcon: isTabIcon, renderings: [:])
        if document.issue != nil || document.root?.name != "svg" || document.root?.namespace != SVGDocument.namespace {
            model.notRenderedBecause = "it is not a valid SVG"
        } else if file.bytes.count > Limits.iconRenderBytes {
            model.notRenderedBecause = "it is larger than \(Limits.iconRenderBytes / 1024) KB"
        } else if document.textLength > Limits.iconRenderText {
            model.notRenderedBecause = "it has more than \(Limits.iconRenderText) characters of text"
        } else {
            for size in renderSizes {
                if let measurement = IconRenderer.measure(file.bytes, size: size, currentColor: "#ff0000") {
                    model.renderings[size] = measurement
                }
            }
            if model.renderings.isEmpty {
                model.notRenderedBecause = "librsvg cannot render it"
            } else if model.renderings[24] != nil, !mayReferToCurrentColor(file.bytes) {
                // Only the `currentColor` keyword reads the colour the tab bar sets, so a file
                // that cannot spell it draws the same in any colour: one rendering is enough.
                model.usesCurrentColor = false
            } else if let red = model.renderings[24], let blue = IconRenderer.measure(file.bytes, size: 24, currentColor: "#0000ff") {
                model.usesCurrentColor = red.pixelDigest != blue.pixelDigest
            }
        }
        if isTabIcon, runtime.has(.tabIconsReadAsFilledPaths), file.bytes.count <= Limits.iconRenderBytes {
            if case .entityDeclarations = document.issue {
            } else {
                model.onIOS = IOSTabIcon.analyse(document, svgRendering: model.renderings[IOSTabIcon.renderSize])
            }
        }
        return model
    }

    /// Whether the file might name `currentColor`: it spells the keyword in any case, or it
    /// has a character or entity reference (`&#99;urrentColor`) or a CSS escape
    /// (`\63 urrentColor`) that could spell it. False means it certainly does not.
    static func mayReferToCurrentColor(_ bytes: [UInt8]) -> Bool {
        let keyword = Array("currentcolor".utf8)
        if bytes.contains(UInt8(ascii: "&")) || bytes.contains(UInt8(ascii: "\\")) { return true }
        guard bytes.count >= keyword.count else { return false }
        for start in 0...(bytes.count - keyword.count) where bytes[start] | 0x20 == keyword[0] {
            if (0..<keyword.count).allSatisfy({ bytes[start + $0] | 0x20 == keyword[$0] }) { return true }
        }
        return false
    }

    public func span(_ range: Range<Int>) -> SourceSpan { document.span(range) }

    /// The root `<svg` for diagnostics about the whole icon, or the file.
    public var rootSpan: SourceSpan { document.root.map { span($0.range) } ?? .file(path) }

    /// The viewBox's width and height when it is valid.
    public var viewBox: (width: Double, height: Double)? {
        document.viewBox.map { ($0.width, $0.height) }
    }
}

extension ProjectModel {
    /// Which SVG files are icons: the manifest's icons and tab icons, and every `.svg` under
    /// `icons/`; tab icons marked.
    static func iconPaths(project: Project, manifest: JSONNode?) -> [(path: String, isTab: Bool)] {
        var tabIcons: Set<String> = []
        for tab in manifest?["tab_bar"]?["tabs"]?.elements ?? [] {
            if let icon = tab["icon"]?.stringValue.flatMap(ManifestPaths.normalized) { tabIcons.insert(icon) }
        }
        var paths = Set(project.paths.filter { $0.hasPrefix("icons/") && $0.lowercased().hasSuffix(".svg") })
        for icon in manifest?["icons"]?.elements ?? [] {
            if let src = icon["src"]?.stringValue.flatMap(ManifestPaths.normalized), src.lowercased().hasSuffix(".svg") {
                paths.insert(src)
            }
        }
        paths.formUnion(tabIcons.filter { $0.lowercased().hasSuffix(".svg") })
        return paths.filter(project.contains).sorted().map { ($0, tabIcons.contains($0)) }
    }
}
