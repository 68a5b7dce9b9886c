import Foundation

/// SVG path data read as the SVG specification reads it (compact numbers, arc flags, implicit
/// commands), made absolute, with arcs turned into cubic curves and smooth curves into plain
/// ones. What it writes back uses only `M L C Q Z`, explicit letters and numbers separated by
/// spaces: path data SkipMiniApp's iOS tab icon reader draws as a browser does.
enum SVGPathData {
    typealias Point = IOSTabIconReader.Point
    typealias Segment = IOSTabIconReader.Segment

    /// The segments up to the first error, as renderers draw a path with an error in it, and
    /// whether there was one.
    static func parse(_ data: String) -> (segments: [Segment], complete: Bool) {
        var scanner = Scanner(Array(data.utf8))
        var segments: [Segment] = []
        var current = Point(x: 0, y: 0)
        var start = current
        var previousCubicControl: Point?
        var previousQuadControl: Point?
        var command: UInt8?
        scanner.skipSeparators()
        while !scanner.isAtEnd {
            if let letter = scanner.commandLetter() {
                command = letter
            } else if command == nil || command == UInt8(ascii: "z") || command == UInt8(ascii: "Z") {
                return (segments, false)
            }
            guard let letter = command else { return (segments, false) }
            let relative = letter >= UInt8(ascii: "a")
            let origin = relative ? current : Point(x: 0, y: 0)
            var cubicControl: Point?
            var quadControl: Point?
            func point() -> Point? {
                guard let x = scanner.number(), let y = scanner.number() else { return nil }
                return Point(x: origin.x + x, y: origin.y + y)
            }
            switch letter | 0x20 {
            case UInt8(ascii: "m"):
                guard let to = point() else { return (segments, false) }
                segments.append(.move(to))
                current = to
                start = to
                // Further pairs are line-tos.
                command = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")
            case UInt8(ascii: "z"):
                segments.append(.close)
                current = start
            case UInt8(ascii: "l"):
                guard let to = point() else { return (segments, false) }
                segments.append(.line(to))
                current = to
            case UInt8(ascii: "h"):
                guard let x = scanner.number() else { return (segments, false) }
                current = Point(x: origin.x + x, y: current.y)
                segments.append(.line(current))
            case UInt8(ascii: "v"):
                guard let y = scanner.number() else { return (segments, false) }
                current = Point(x: current.x, y: origin.y + y)
                segments.append(.line(current))
            case UInt8(ascii: "c"):
                guard let first = point(), let second = point(), let end = point() else { return (segments, false) }
                segments.append(.cubic(first, second, end))
                current = end
                cubicControl = second
            case UInt8(ascii: "s"):
                let first = reflect(previousCubicControl, about: current)
                guard let second = point(), let end = point() else { return (segments, false) }
                segments.append(.cubic(first, second, end))
                current = end
                cubicControl = second
            case UInt8(ascii: "q"):
                guard let control = point(), let end = point() else { return (segments, false) }
                segments.append(.quad(control, end))
                current = end
                quadControl = control
            case UInt8(ascii: "t"):
                let control = reflect(previousQuadControl, about: current)
                guard let end = point() else { return (segments, false) }
                segments.append(.quad(control, end))
                current = end
                quadControl = control
            case UInt8(ascii: "a"):
                guard let radiusX = scanner.number(), let radiusY = scanner.number(), let rotation = scanner.number(),
                    let largeArc = scanner.flag(), let sweep = scanner.flag(), let end = point()
                else { return (segments, false) }
                segments.append(
                    contentsOf: arcCurves(
                        from: current, to: end, radiusX: radiusX, radiusY: radiusY, rotation: rotation, largeArc: largeArc, sweep: sweep))
                current = end
            default:
                return (segments, false)
            }
            previousCubicControl = cubicControl
            previousQuadControl = quadControl
            scanner.skipSeparators()
        }
        return (segments, true)
    }

    private static func reflect(_ control: Point?, about point: Point) -> Point {
        guard let control else { return point }
        return Point(x: 2 * point.x - control.x, y: 2 * point.y - control.y)
    }

    /// An elliptical arc as cubic curves of at most a quarter turn each (SVG 1.1 appendix F.6:
    /// endpoint to centre parameterisation, radii scaled up when too small; a zero radius is a
    /// straight line, and equal endpoints draw nothing).
    static func arcCurves(
        from start: Point, to end: Point, radiusX: Double, radiusY: Double, rotation: Double, largeArc: Bool, sweep: Bool
    ) -> [Segment] {
        if start == end { return [] }
        var rx = abs(radiusX), ry = abs(radiusY)
        if rx == 0 || ry == 0 { return [.line(end)] }
        let phi = rotation * .pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)
        let dx = (start.x - end.x) / 2, dy = (start.y - end.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = (max(0, numerator) / denominator).squareRoot()
        if largeArc == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry
        let cy1 = -factor * ry * x1 / rx
        let centerX = cosPhi * cx1 - sinPhi * cy1 + (start.x + end.x) / 2
        let centerY = sinPhi * cx1 + cosPhi * cy1 + (start.y + end.y) / 2
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            let sign: Double = ux * vy - uy * vx < 0 ? -1 : 1
            let cosine = (ux * vx + uy * vy) / ((ux * ux + uy * uy).squareRoot() * (vx * vx + vy * vy).squareRoot())
            return sign * acos(min(1, max(-1, cosine)))
        }
        let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
        if !sweep, delta > 0 { delta -= 2 * .pi }
        if sweep, delta < 0 { delta += 2 * .pi }
        let pieces = max(1, Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / Double(pieces)
        let handle = 4.0 / 3.0 * tan(step / 4)
        func onEllipse(_ theta: Double) -> (point: Point, derivative: Point) {
            let cosTheta = cos(theta), sinTheta = sin(theta)
            let point = Point(
                x: centerX + rx * cosTheta * cosPhi - ry * sinTheta * sinPhi,
                y: centerY + rx * cosTheta * sinPhi + ry * sinTheta * cosPhi)
            let derivative = Point(
                x: -rx * sinTheta * cosPhi - ry * cosTheta * sinPhi,
                y: -rx * sinTheta * sinPhi + ry * cosTheta * cosPhi)
            return (point, derivative)
        }
        var segments: [Segment] = []
        var theta = theta1
        for piece in 0..<pieces {
            let from = onEllipse(theta)
            let to = onEllipse(theta + step)
            let first = Point(x: from.point.x + handle * from.derivative.x, y: from.point.y + handle * from.derivative.y)
            let second = Point(x: to.point.x - handle * to.derivative.x, y: to.point.y - handle * to.derivative.y)
            segments.append(.cubic(first, second, piece == pieces - 1 ? end : to.point))
            theta += step
        }
        return segments
    }

    /// Path data of explicit `M L C Q Z` commands, absolute, numbers with at most three
    /// decimals and separated by spaces. Nil when a number is not finite.
    static func write(_ segments: [Segment]) -> String? {
        var parts: [String] = []
        var subpathStart: Point?
        var closed = false
        for segment in segments {
            // After `Z` a new subpath starts with an explicit move, which both readers agree on.
            if closed, let subpathStart {
                switch segment {
                case .move, .close: break
                default: parts.append("M" + text(subpathStart))
                }
            }
            closed = false
            switch segment {
            case .move(let to): parts.append("M" + text(to)); subpathStart = to
            case .line(let to): parts.append("L" + text(to))
            case .cubic(let first, let second, let end): parts.append("C" + [first, second, end].map(text).joined(separator: " "))
            case .quad(let control, let end): parts.append("Q" + text(control) + " " + text(end))
            case .close: parts.append("Z"); closed = true
            }
        }
        let data = parts.joined(separator: " ")
        return data.contains("nan") ? nil : data
    }

    private static func text(_ point: Point) -> String { number(point.x) + " " + number(point.y) }

    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "nan" }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == 0 { return "0" }
        var text = String(format: "%.3f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// The SVG path grammar's tokens: numbers (`.5.5` is two), single-digit arc flags, command
    /// letters, and whitespace or one comma between them.
    struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index >= bytes.count }

        mutating func skipSeparators() {
            var comma = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                    index += 1
                } else if byte == UInt8(ascii: ","), !comma {
                    comma = true
                    index += 1
                } else {
                    break
                }
            }
        }

        mutating func commandLetter() -> UInt8? {
            guard index < bytes.count, "MmZzLlHhVvCcSsQqTtAa".utf8.contains(bytes[index]) else { return nil }
            defer { index += 1; skipSeparators() }
            return bytes[index]
        }

        mutating func number() -> Double? {
            numberText().flatMap(Double.init)
        }

        /// A number as written, and the separators after it.
        mutating func numberText() -> String? {
            skipSeparators()
            let start = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            var digits = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1; digits += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1; digits += 1 }
            }
            guard digits > 0 else { index = start; return nil }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                var exponent = index + 1
                if exponent < bytes.count, bytes[exponent] == UInt8(ascii: "+") || bytes[exponent] == UInt8(ascii: "-") { exponent += 1 }
                if exponent < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[exponent]) {
                    index = exponent
                    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            skipSeparators()
            return text
        }

        /// An arc flag: one `0` or `1`, which may touch the next number (`a1 1 0 011 1`).
        mutating func flag() -> Bool? {
            skipSeparators()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else { return nil }
            defer { index += 1; skipSeparators() }
            return bytes[index] == UInt8(ascii: "1")
        }
    }
}
