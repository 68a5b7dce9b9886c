/// The tab icons of a package as SkipMiniApp's iOS tab bar shows them, for the build report:
/// for each shipped tab icon, librsvg's rendering and the reader's, as PNGs a reviewer opens
/// side by side, and the share of ink that differs.
///
/// Made from the shipped bytes (after `svg-clean`), which are what the phone reads from the
/// package.
struct TabIconImages {
    struct Icon {
        var path: String
        var svgPNG: [UInt8]
        var iosPNG: [UInt8]
        /// The iOS reading's ink alone, as an alpha mask (for tinting).
        var iosAlpha: [UInt8]
        var ink: IOSTabIcon.InkComparison?
        var hangs: Int
    }

    var icons: [Icon]

    /// `shipped` are the tab icons' paths and shipped bytes (`PackFacts.tabIconPaths`, empty
    /// under a runtime that does not read them as paths); `linted` are the lint's icons, when a
    /// lint ran, whose renderings are reused for an icon shipped as written.
    init(shipped: [(path: String, bytes: [UInt8])], linted: [IconModel]) {
        let tabIcons = Dictionary(linted.filter(\.isTabIcon).map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        icons = shipped.filter { $0.bytes.count <= Limits.iconRenderBytes }.compactMap { entry in
            let size = IOSTabIcon.renderSize
            let linted = tabIcons[entry.path]
            let rendering: IconRenderer.Measurement?
            let onIOS: IOSTabIcon
            if let linted, linted.document.file.bytes == entry.bytes, let analysed = linted.onIOS {
                // Shipped as written: lint read and rendered these very bytes.
                (rendering, onIOS) = (linted.renderings[size], analysed)
            } else {
                let document = SVGParser.parse(SourceFile(path: entry.path, bytes: entry.bytes))
                if case .entityDeclarations = document.issue { return nil }
                rendering = document.issue == nil ? IconRenderer.measure(entry.bytes, size: size, currentColor: "#000") : nil
                onIOS = IOSTabIcon.analyse(document, svgRendering: rendering)
            }
            let empty = [UInt8](repeating: 0, count: size * size)
            let phoneAlpha = onIOS.ink?.phoneAlpha ?? IOSTabIcon.render(onIOS.reading, evenOdd: false)?.alpha ?? empty
            return Icon(
                path: entry.path,
                svgPNG: IconRenderer.png(alpha: rendering?.alpha ?? empty, size: size),
                iosPNG: IconRenderer.png(alpha: phoneAlpha, size: size),
                iosAlpha: phoneAlpha,
                ink: onIOS.ink, hangs: onIOS.hangs.count)
        }
    }

    /// `icons/home.svg` → `icons/home.svg.ios.png` and `icons/home.svg.librsvg.png`, inside
    /// the images folder.
    static func imageNames(for path: String) -> (svg: String, ios: String) {
        (path + ".librsvg.png", path + ".ios.png")
    }

    /// The report's `tab_icons` section; `folder` is the images folder's name beside the report.
    func reportValue(folder: String) -> ReportValue {
        .list(
            icons.map { icon in
                let names = Self.imageNames(for: icon.path)
                var fields: [(String, ReportValue)] = [
                    ("path", .string(icon.path)),
                    ("svg_image", .string(folder + "/" + names.svg)),
                    ("ios_image", .string(folder + "/" + names.ios)),
                ]
                if let ink = icon.ink {
                    fields.append(("ink_differing", .string(NumberText.percent(ink.differing))))
                    fields.append(("ink_lost", .string(NumberText.percent(ink.lost))))
                    fields.append(("ink_added", .string(NumberText.percent(ink.added))))
                }
                fields.append(("hangs", .integer(icon.hangs)))
                return .map(fields)
            })
    }
}
