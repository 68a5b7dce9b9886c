/// A basic shape (`circle`, `ellipse`, `rect`, `polygon`, `polyline`) as the path data that
/// draws the same outline, written for SkipMiniApp's iOS tab icon reader (`SVGPathData.write`).
enum SVGShapePath {
    typealias Point = IOSTabIconReader.Point

    /// The attributes the path data replaces.
    static let geometry: [String: Set<String>] = [
        "circle": ["cx", "cy", "r"],
        "ellipse": ["cx", "cy", "rx", "ry"],
        "rect": ["x", "y", "width", "height", "rx", "ry"],
        "polygon": ["points"],
        "polyline": ["points"],
    ]

    /// Nil for other elements, lengths that are not plain numbers (`%`, `em`), and shapes
    /// that draw nothing.
    static func pathData(for element: SVGDocument.Element) -> String? {
        // An absent attribute takes its default; one in another unit leaves no fix.
        func length(_ name: String, default defaultValue: Double? = 0) -> Double? {
            element.attribute(name) == nil ? defaultValue : element.length(name)
        }
        var segments: [IOSTabIconReader.Segment] = []
        switch element.name {
        case "circle", "ellipse":
            guard let cx = length("cx"), let cy = length("cy") else { return nil }
            let rx: Double?, ry: Double?
            if element.name == "circle" {
                rx = length("r"); ry = rx
            } else {
                rx = length("rx", default: nil) ?? length("ry", default: nil)
                ry = length("ry", default: nil) ?? rx
            }
            guard let rx, let ry, rx > 0, ry > 0 else { return nil }
            segments = ellipse(cx: cx, cy: cy, rx: rx, ry: ry)
        case "rect":
            guard let x = length("x"), let y = length("y"), let width = length("width", default: nil),
                let height = length("height", default: nil), width > 0, height > 0
            else { return nil }
            var rx = length("rx", default: nil), ry = length("ry", default: nil)
            if rx == nil { rx = ry }
            if ry == nil { ry = rx }
            segments = rect(
                x: x, y: y, width: width, height: height, rx: min(max(0, rx ?? 0), width / 2), ry: min(max(0, ry ?? 0), height / 2))
        case "polygon", "polyline":
            guard let points = element.attribute("points")?.value else { return nil }
            let numbers = points.split(whereSeparator: { " \t\n\r,".contains($0) }).map { Double($0) }
            guard numbers.count >= 4, numbers.count % 2 == 0, numbers.allSatisfy({ $0 != nil }) else { return nil }
            let values = numbers.compactMap { $0 }
            segments = [.move(Point(x: values[0], y: values[1]))]
            for index in stride(from: 2, to: values.count, by: 2) { segments.append(.line(Point(x: values[index], y: values[index + 1]))) }
            if element.name == "polygon" { segments.append(.close) }
        default:
            return nil
        }
        return SVGPathData.write(segments)
    }

    private static func ellipse(cx: Double, cy: Double, rx: Double, ry: Double) -> [IOSTabIconReader.Segment] {
        let right = Point(x: cx + rx, y: cy), left = Point(x: cx - rx, y: cy)
        return [.move(right)]
            + SVGPathData.arcCurves(from: right, to: left, radiusX: rx, radiusY: ry, rotation: 0, largeArc: false, sweep: true)
            + SVGPathData.arcCurves(from: left, to: right, radiusX: rx, radiusY: ry, rotation: 0, largeArc: false, sweep: true)
            + [.close]
    }

    private static func rect(x: Double, y: Double, width: Double, height: Double, rx: Double, ry: Double) -> [IOSTabIconReader.Segment] {
        guard rx > 0, ry > 0 else {
            return [
                .move(Point(x: x, y: y)), .line(Point(x: x + width, y: y)), .line(Point(x: x + width, y: y + height)),
                .line(Point(x: x, y: y + height)), .close,
            ]
        }
        func corner(_ from: Point, _ to: Point) -> [IOSTabIconReader.Segment] {
            SVGPathData.arcCurves(from: from, to: to, radiusX: rx, radiusY: ry, rotation: 0, largeArc: false, sweep: true)
        }
        let right = x + width, bottom = y + height
        var segments: [IOSTabIconReader.Segment] = [.move(Point(x: x + rx, y: y)), .line(Point(x: right - rx, y: y))]
        segments += corner(Point(x: right - rx, y: y), Point(x: right, y: y + ry))
        segments.append(.line(Point(x: right, y: bottom - ry)))
        segments += corner(Point(x: right, y: bottom - ry), Point(x: right - rx, y: bottom))
        segments.append(.line(Point(x: x + rx, y: bottom)))
        segments += corner(Point(x: x + rx, y: bottom), Point(x: x, y: bottom - ry))
        segments.append(.line(Point(x: x, y: y + ry)))
        segments += corner(Point(x: x, y: y + ry), Point(x: x + rx, y: y))
        segments.append(.close)
        return segments
    }
}
