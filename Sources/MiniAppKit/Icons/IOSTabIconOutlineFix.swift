/// The fix-it for a stroke SkipMiniApp's iOS tab bar fills or drops: the element rewritten as
/// a `<path>` that fills the stroke's outline (`StrokeOutliner`) with the stroke's colour, so a
/// browser and the phone's reader draw the same shape. Offered only when librsvg's rendering of
/// the fixed file matches the file's, and the reader's drawing of the outline matches librsvg's
/// drawing of the stroke.
extension IOSTabIcon {
    static let outlineFixMessage = "outline the stroke as a filled path"
    /// The most ink an outline may change, at `renderSize`: a few edge pixels.
    static let outlineDifference = 0.03

    /// Attributes the outline replaces or makes meaningless.
    private static let outlineReplaced: Set<String> = [
        "d", "fill", "fill-rule", "fill-opacity", "stroke", "pathLength", "vector-effect", "x1", "y1", "x2", "y2",
    ]

    /// Nil for an element that is not an empty element (`<path … />`), not stroke-only, under a
    /// transform, styled by a style sheet or `style` attribute, dashed, with markers, a stroke
    /// that is not opaque or not a colour, a width in another unit than user units, an icon
    /// without a viewBox, and outlines the renderings do not confirm.
    static func outlineFix(_ element: SVGDocument.Element, style: SVGPaint.Style, in document: SVGDocument, svgAlpha: [UInt8]?) -> Fix? {
        guard let svgAlpha, let tag = element.startTag, tag.isSelfClosing, style.strokes, !style.fills, !style.hidden,
            style.transforms.isEmpty, element.attribute("style") == nil, element.attribute("vector-effect") == nil,
            !document.elements.contains(where: { $0.name == "style" }),
            let root = document.root, root.name == "svg", let rootTag = root.startTag, !rootTag.isSelfClosing,
            let viewBox = document.viewBox,
            let stroke = outlineStroke(style.strokeProperties), let colour = outlineColour(style.stroke),
            let segments = outlineSegments(element)
        else { return nil }
        let tolerance = max(viewBox.width, viewBox.height) / Double(renderSize) * 0.1
        guard let data = StrokeOutliner.pathData(segments, stroke: stroke, tolerance: tolerance),
            let original = SVGPathData.write(segments)
        else { return nil }
        let bytes = document.file.bytes
        var text = "<path d=\"\(data)\" fill=\"\(colour)\" stroke=\"none\"" + (style.evenOdd ? " fill-rule=\"nonzero\"" : "")
        let replaced = outlineReplaced.union(SVGShapePath.geometry[element.name] ?? [])
        for attribute in element.attributes
        where !replaced.contains(attribute.name) && !attribute.name.hasPrefix("stroke") && !attribute.name.hasPrefix("marker") {
            guard let written = attribute.written, written.valueRange.upperBound < bytes.count else { return nil }
            text += " " + String(decoding: bytes[attribute.range.lowerBound...written.valueRange.upperBound], as: UTF8.self)
        }
        let fix = Fix(message: outlineFixMessage, range: tag.range, replacement: text + "/>")

        // The fixed file as a browser draws it.
        var fixed = bytes
        fixed.replaceSubrange(tag.range, with: Array(fix.replacement.utf8))
        guard let fixedRendering = IconRenderer.measure(fixed, size: renderSize, currentColor: "#000"),
            compare(svg: svgAlpha, phone: fixedRendering.alpha).differing <= outlineDifference
        else { return nil }
        // The outline alone as the phone draws it, against the stroke alone as a browser does.
        let open = String(decoding: bytes[rootTag.range], as: UTF8.self)
        let strokeAlone =
            open + "<path d=\"\(original)\" fill=\"none\" stroke=\"#000\" stroke-width=\"\(SVGPathData.number(stroke.width))\""
            + " stroke-linecap=\"\(stroke.cap.rawValue)\" stroke-linejoin=\"\(stroke.join.rawValue)\""
            + " stroke-miterlimit=\"\(SVGPathData.number(stroke.miterLimit))\"/></svg>"
        let outlineAlone = open + "<path d=\"\(data)\" fill=\"#000\" stroke=\"none\"/></svg>"
        guard let browser = IconRenderer.measure(Array(strokeAlone.utf8), size: renderSize, currentColor: "#000"),
            let phone = render(IOSTabIconReader.read(Array(outlineAlone.utf8)), evenOdd: false),
            browser.alpha.contains(where: { $0 >= 128 }),
            compare(svg: browser.alpha, phone: phone.alpha).differing <= outlineDifference
        else { return nil }
        return fix
    }

    /// The stroke's width, caps, joins and miter limit; nil when dashed, with markers, not
    /// opaque, or written in a way the outline cannot follow (`%`, `em`, SVG 2 joins).
    static func outlineStroke(_ properties: [String: String]) -> StrokeOutliner.Stroke? {
        func number(_ name: String, default value: Double) -> Double? {
            guard var text = properties[name] else { return value }
            if text.hasSuffix("px") { text.removeLast(2) }
            return Double(text)
        }
        guard properties["stroke-dasharray"].map({ $0 == "none" }) ?? true,
            ["marker", "marker-start", "marker-mid", "marker-end"].allSatisfy({ properties[$0].map { $0 == "none" } ?? true }),
            number("stroke-opacity", default: 1) == 1, number("fill-opacity", default: 1) == 1,
            let width = number("stroke-width", default: 1), width.isFinite, width > 0,
            let cap = StrokeOutliner.Cap(rawValue: properties["stroke-linecap"] ?? "butt"),
            let join = StrokeOutliner.Join(rawValue: properties["stroke-linejoin"] ?? "miter"),
            let miterLimit = number("stroke-miterlimit", default: 4), miterLimit.isFinite, miterLimit >= 1
        else { return nil }
        return StrokeOutliner.Stroke(width: width, cap: cap, join: join, miterLimit: miterLimit)
    }

    /// The stroke paint as a fill: a colour or `currentColor`, not a gradient or pattern (whose
    /// box would change).
    static func outlineColour(_ paint: String) -> String? {
        if paint == "currentcolor" { return "currentColor" }
        guard !paint.isEmpty, !paint.contains("url("), !paint.contains("var("),
            paint.allSatisfy({ $0.isLetter || $0.isNumber || " #(),.%".contains($0) })
        else { return nil }
        return paint
    }

    /// The element's geometry as path segments: a `<path>`'s data when it parses whole, a line,
    /// or a basic shape.
    static func outlineSegments(_ element: SVGDocument.Element) -> [IOSTabIconReader.Segment]? {
        let data: String?
        switch element.name {
        case "path": data = element.attribute("d")?.value
        case "line":
            func coordinate(_ name: String) -> Double? { element.attribute(name) == nil ? 0 : element.length(name) }
            guard let x1 = coordinate("x1"), let y1 = coordinate("y1"), let x2 = coordinate("x2"), let y2 = coordinate("y2") else {
                return nil
            }
            return [.move(.init(x: x1, y: y1)), .line(.init(x: x2, y: y2))]
        default: data = SVGShapePath.pathData(for: element)
        }
        guard let data else { return nil }
        let parsed = SVGPathData.parse(data)
        guard parsed.complete, !parsed.segments.isEmpty else { return nil }
        return parsed.segments
    }
}
