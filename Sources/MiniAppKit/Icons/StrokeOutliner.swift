import Foundation

/// A stroke as the filled shape it paints, for SkipMiniApp's iOS tab icon reader, which fills
/// every path and ignores strokes: the stroke written as a union of pieces (a strip along each
/// segment, a wedge or disc at each join, a cap at each open end), every piece wound the same
/// way so the nonzero rule fills their union. Only `M L C Z`: round caps and joins are discs of
/// four cubics, curves are flattened within a tolerance. Nil for what it cannot draw faithfully.
enum StrokeOutliner {
    typealias Point = IOSTabIconReader.Point
    typealias Segment = IOSTabIconReader.Segment

    enum Cap: String, Sendable { case butt, round, square }
    enum Join: String, Sendable { case miter, round, bevel }

    struct Stroke: Sendable, Equatable {
        var width: Double
        var cap: Cap = .butt
        var join: Join = .miter
        var miterLimit: Double = 4
    }

    /// Control-point distance for a quarter circle drawn as one cubic.
    static let kappa = 0.5522847498

    /// The outline of `segments` (absolute, as `SVGPathData.parse` gives them) stroked with
    /// `stroke`; curves are flattened so no point strays more than `tolerance` from them.
    /// Nil for a zero-length closed subpath, a path that does not start with a move, or a
    /// width or limit that is not a positive finite number.
    static func outline(_ segments: [Segment], stroke: Stroke, tolerance: Double) -> [Segment]? {
        guard stroke.width.isFinite, stroke.width > 0, tolerance.isFinite, tolerance > 0,
            stroke.miterLimit.isFinite, stroke.miterLimit >= 1,
            let subpaths = flatten(segments, tolerance: tolerance)
        else { return nil }
        var pieces: [Segment] = []
        for subpath in subpaths {
            guard let outline = outline(subpath, stroke) else { return nil }
            pieces += outline
        }
        return pieces
    }

    /// The outline as path data, numbers with at most three decimals.
    static func pathData(_ segments: [Segment], stroke: Stroke, tolerance: Double) -> String? {
        guard let pieces = outline(segments, stroke: stroke, tolerance: tolerance), !pieces.isEmpty else { return nil }
        return SVGPathData.write(pieces)
    }

    // MARK: - Flattening

    /// A subpath as points; `corners[i]` is false for a point inside a flattened curve.
    struct Subpath: Equatable {
        var points: [Point]
        var corners: [Bool]
        var closed = false
        /// Has a segment after its move (a lone move draws nothing, even with caps).
        var drawn = false
    }

    static func flatten(_ segments: [Segment], tolerance: Double) -> [Subpath]? {
        var subpaths: [Subpath] = []
        var current: Subpath?
        var start: Point?
        func finish() {
            if let subpath = current { subpaths.append(subpath) }
            current = nil
        }
        func append(_ point: Point, corner: Bool) {
            guard var subpath = current, let last = subpath.points.last else { return }
            subpath.drawn = true
            if distance(last, point) <= 1e-9 {
                if corner { subpath.corners[subpath.corners.count - 1] = true }
            } else {
                subpath.points.append(point)
                subpath.corners.append(corner)
            }
            current = subpath
        }
        for segment in segments {
            if case .move(let to) = segment {
                finish()
                current = Subpath(points: [to], corners: [true])
                start = to
                continue
            }
            // After `Z` a drawing segment starts a new subpath where the closed one started.
            if current == nil {
                guard let start else { return nil }
                current = Subpath(points: [start], corners: [true])
            }
            guard let from = current?.points.last else { return nil }
            switch segment {
            case .move: break
            case .line(let to): append(to, corner: true)
            case .cubic(let first, let second, let end):
                for point in flattenCubic(from, first, second, end, tolerance: tolerance) { append(point, corner: false) }
                append(end, corner: true)
            case .quad(let control, let end):
                let first = Point(x: from.x + 2 / 3 * (control.x - from.x), y: from.y + 2 / 3 * (control.y - from.y))
                let second = Point(x: end.x + 2 / 3 * (control.x - end.x), y: end.y + 2 / 3 * (control.y - end.y))
                for point in flattenCubic(from, first, second, end, tolerance: tolerance) { append(point, corner: false) }
                append(end, corner: true)
            case .close:
                guard let start else { return nil }
                append(start, corner: true)
                guard var subpath = current else { return nil }
                subpath.closed = true
                if subpath.points.count > 1, let first = subpath.points.first, let last = subpath.points.last, distance(first, last) <= 1e-9
                {
                    subpath.points.removeLast()
                    subpath.corners.removeLast()
                    subpath.corners[0] = true
                }
                current = subpath
                finish()
            }
        }
        finish()
        return subpaths
    }

    /// The points strictly inside a cubic, enough that the polyline stays within `tolerance`
    /// of it and turns at most 0.2 radians at a point.
    static func flattenCubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, tolerance: Double) -> [Point] {
        func at(_ t: Double) -> Point {
            let u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
        }
        // A bound on the second derivative gives the chord error of a uniform split.
        let dd =
            6
            * max(
                hypot(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y),
                hypot(p1.x - 2 * p2.x + p3.x, p1.y - 2 * p2.y + p3.y))
        var count = Int(min(200, max(1, (dd / (8 * tolerance)).squareRoot().rounded(.up))))
        // The turning, measured on a fine polyline.
        var turning = 0.0
        var previous: (Double, Double)?
        var last = p0
        for step in 1...32 {
            let point = at(Double(step) / 32)
            let dx = point.x - last.x, dy = point.y - last.y
            if hypot(dx, dy) > 1e-12 {
                if let previous { turning += abs(atan2(previous.0 * dy - previous.1 * dx, previous.0 * dx + previous.1 * dy)) }
                previous = (dx, dy)
                last = point
            }
        }
        count = min(200, max(count, Int((turning / 0.2).rounded(.up))))
        guard count > 1 else { return [] }
        return (1..<count).map { at(Double($0) / Double(count)) }
    }

    // MARK: - Pieces

    private static func outline(_ subpath: Subpath, _ stroke: Stroke) -> [Segment]? {
        let half = stroke.width / 2
        let points = subpath.points
        guard subpath.drawn else { return [] }
        if points.count == 1 {
            // A zero-length open subpath shows its caps: a dot, a square, or nothing.
            guard !subpath.closed else { return nil }
            let p = points[0]
            switch stroke.cap {
            case .butt: return []
            case .round: return disc(p, half)
            case .square:
                return polygon([
                    Point(x: p.x - half, y: p.y - half), Point(x: p.x + half, y: p.y - half),
                    Point(x: p.x + half, y: p.y + half), Point(x: p.x - half, y: p.y + half),
                ])
            }
        }
        let count = points.count
        let edges = subpath.closed ? count : count - 1
        var pieces: [Segment] = []
        func direction(_ edge: Int) -> Point {
            let a = points[edge], b = points[(edge + 1) % count]
            let length = distance(a, b)
            return Point(x: (b.x - a.x) / length, y: (b.y - a.y) / length)
        }
        for edge in 0..<edges {
            let a = points[edge], b = points[(edge + 1) % count]
            let d = direction(edge)
            let n = Point(x: -d.y * half, y: d.x * half)
            pieces += polygon([
                Point(x: a.x + n.x, y: a.y + n.y), Point(x: b.x + n.x, y: b.y + n.y),
                Point(x: b.x - n.x, y: b.y - n.y), Point(x: a.x - n.x, y: a.y - n.y),
            ])
        }
        let joined = subpath.closed ? Array(0..<count) : Array(1..<(count - 1))
        for vertex in joined {
            let incoming = direction((vertex - 1 + count) % count), outgoing = direction(vertex)
            let join = subpath.corners[vertex] ? stroke.join : .bevel
            pieces += self.join(at: points[vertex], incoming, outgoing, half: half, join: join, miterLimit: stroke.miterLimit)
        }
        if !subpath.closed {
            let first = direction(0), last = direction(edges - 1)
            pieces += cap(at: points[0], pointing: Point(x: -first.x, y: -first.y), half: half, cap: stroke.cap)
            pieces += cap(at: points[count - 1], pointing: last, half: half, cap: stroke.cap)
        }
        return pieces
    }

    private static func join(at p: Point, _ incoming: Point, _ outgoing: Point, half: Double, join: Join, miterLimit: Double) -> [Segment] {
        let cross = incoming.x * outgoing.y - incoming.y * outgoing.x
        let dot = incoming.x * outgoing.x + incoming.y * outgoing.y
        if abs(cross) < 1e-9, dot > 0 { return [] }
        if join == .round { return disc(p, half) }
        // The path turns toward its left normal when `cross` is positive: the outer side is the right.
        let side = cross > 0 ? -1.0 : 1.0
        let n1 = Point(x: -incoming.y * half * side, y: incoming.x * half * side)
        let n2 = Point(x: -outgoing.y * half * side, y: outgoing.x * half * side)
        let a = Point(x: p.x + n1.x, y: p.y + n1.y), b = Point(x: p.x + n2.x, y: p.y + n2.y)
        let cosHalfTurn = ((1 + dot) / 2).squareRoot()
        if join == .miter, cosHalfTurn > 1e-9, 1 / cosHalfTurn <= miterLimit {
            let bisector = Point(x: n1.x + n2.x, y: n1.y + n2.y)
            let length = hypot(bisector.x, bisector.y)
            let reach = half / cosHalfTurn
            let tip = Point(x: p.x + bisector.x / length * reach, y: p.y + bisector.y / length * reach)
            return polygon([p, a, tip, b])
        }
        return polygon([p, a, b])
    }

    private static func cap(at p: Point, pointing d: Point, half: Double, cap: Cap) -> [Segment] {
        switch cap {
        case .butt: return []
        case .round: return disc(p, half)
        case .square:
            let n = Point(x: -d.y * half, y: d.x * half)
            let e = Point(x: d.x * half, y: d.y * half)
            return polygon([
                Point(x: p.x + n.x, y: p.y + n.y), Point(x: p.x + n.x + e.x, y: p.y + n.y + e.y),
                Point(x: p.x - n.x + e.x, y: p.y - n.y + e.y), Point(x: p.x - n.x, y: p.y - n.y),
            ])
        }
    }

    /// A closed polygon wound with a positive shoelace area (clockwise on screen); nothing
    /// when it encloses no area.
    static func polygon(_ points: [Point]) -> [Segment] {
        var area = 0.0
        for index in points.indices {
            let a = points[index], b = points[(index + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        guard abs(area) > 1e-12 else { return [] }
        let ordered = area > 0 ? points : points.reversed()
        return [.move(ordered[0])] + ordered.dropFirst().map { .line($0) } + [.close]
    }

    /// A circle as four cubics, wound as `polygon` winds.
    static func disc(_ center: Point, _ radius: Double) -> [Segment] {
        let k = kappa * radius
        let (x, y, r) = (center.x, center.y, radius)
        return [
            .move(Point(x: x + r, y: y)),
            .cubic(Point(x: x + r, y: y + k), Point(x: x + k, y: y + r), Point(x: x, y: y + r)),
            .cubic(Point(x: x - k, y: y + r), Point(x: x - r, y: y + k), Point(x: x - r, y: y)),
            .cubic(Point(x: x - r, y: y - k), Point(x: x - k, y: y - r), Point(x: x, y: y - r)),
            .cubic(Point(x: x + k, y: y - r), Point(x: x + r, y: y - k), Point(x: x + r, y: y)),
            .close,
        ]
    }

    private static func distance(_ a: Point, _ b: Point) -> Double { hypot(b.x - a.x, b.y - a.y) }
}
