import Testing
@testable import MiniAppKit

/// The path data mactl writes for the iOS tab icon reader: SVG's reading of compact numbers,
/// arc flags and smooth curves, arcs as cubic curves, and fix-its that leave an icon the phone
/// draws as librsvg does.
struct TabIconFixTests {
    typealias Point = IOSTabIconReader.Point

    @Test func compactNumbersFlagsAndImplicitCommandsReadAsSVGReadsThem() {
        let parsed = SVGPathData.parse("M.5.5l1-1 2 0a1 1 0 011 1zm1 1h1")
        #expect(parsed.complete)
        #expect(SVGPathData.write(parsed.segments) == "M0.5 0.5 L1.5 -0.5 L3.5 -0.5 C4.052 -0.5 4.5 -0.052 4.5 0.5 Z M1.5 1.5 L2.5 1.5")
    }

    @Test func smoothCurvesReflectOnlyAfterTheirOwnKind() {
        // `S` after `M` starts at the current point; `T` after `Q` reflects the control.
        #expect(
            SVGPathData.write(SVGPathData.parse("M0 0C1 1 2 1 3 0M5 5S6 6 7 5Q8 4 9 5T11 5").segments)
                == "M0 0 C1 1 2 1 3 0 M5 5 C5 5 6 6 7 5 Q8 4 9 5 Q10 6 11 5")
    }

    @Test func anErrorKeepsTheSegmentsBeforeIt() {
        let parsed = SVGPathData.parse("M0 0L1 1L2")
        #expect(!parsed.complete)
        #expect(parsed.segments == [.move(Point(x: 0, y: 0)), .line(Point(x: 1, y: 1))])
    }

    @Test func aQuarterArcIsOneCubicWithTheStandardHandle() {
        let curves = SVGPathData.arcCurves(
            from: Point(x: 10, y: 0), to: Point(x: 0, y: 10), radiusX: 10, radiusY: 10, rotation: 0, largeArc: false, sweep: true)
        #expect(curves.count == 1)
        guard case .cubic(let first, let second, let end) = curves.first else { Issue.record("not a cubic"); return }
        #expect(abs(first.y - 5.523) < 0.001 && abs(first.x - 10) < 1e-9)
        #expect(abs(second.x - 5.523) < 0.001 && abs(second.y - 10) < 1e-9)
        #expect(end == Point(x: 0, y: 10))
    }

    @Test func radiiTooSmallAreScaledUpAndAZeroRadiusIsALine() {
        // A radius of 1 between points 10 apart is scaled to 5: a half circle, two quarters.
        #expect(
            SVGPathData.arcCurves(
                from: Point(x: 0, y: 0), to: Point(x: 10, y: 0), radiusX: 1, radiusY: 1, rotation: 0, largeArc: false, sweep: true
            ).count == 2)
        #expect(
            SVGPathData.arcCurves(
                from: Point(x: 0, y: 0), to: Point(x: 10, y: 0), radiusX: 0, radiusY: 4, rotation: 0, largeArc: false, sweep: true)
                == [.line(Point(x: 10, y: 0))])
    }

    @Test func shapesBecomePathData() {
        func element(_ name: String, _ attributes: [(String, String)]) -> SVGDocument.Element {
            .init(name: name, range: 0..<1, attributes: attributes.map { .init(name: $0.0, value: $0.1, range: 0..<1) }, depth: 1)
        }
        #expect(
            SVGShapePath.pathData(for: element("rect", [("x", "2"), ("y", "2"), ("width", "20"), ("height", "10")]))
                == "M2 2 L22 2 L22 12 L2 12 Z")
        #expect(SVGShapePath.pathData(for: element("polygon", [("points", "1,1 5,1 3,4")])) == "M1 1 L5 1 L3 4 Z")
        #expect(SVGShapePath.pathData(for: element("circle", [("cx", "12"), ("cy", "12"), ("r", "50%")])) == nil)
        #expect(SVGShapePath.pathData(for: element("rect", [("width", "0"), ("height", "10")])) == nil)
    }

    /// Real icon shapes with every cause the fix-its cover: after the fixes the reader draws
    /// the icon as librsvg does, with no hang and nothing lost.
    @Test(arguments: [
        // Material-style: SVGO numbers, arcs, and a smooth curve after a move.
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 4.5.5.5c2 0 3.5 1.5 3.5 3.5s-1.5 3.5-3.5 3.5M6 18S9 15 12 15\"/></svg>",
        // Shapes and a rounded rectangle.
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><circle cx=\"8\" cy=\"8\" r=\"5\"/><rect x=\"12\" y=\"12\" width=\"10\" height=\"8\" rx=\"2\"/><polygon points=\"2,22 8,14 10,22\"/></svg>",
        // A d on its own line and a smooth quadratic.
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path\nd=\"M2 12Q7 2 12 12T22 12z\"/></svg>",
    ])
    func fixItsLeaveAnIconThePhoneDrawsWhole(svg: String) throws {
        var text = svg
        for _ in 0..<3 {
            let icon = analyse(text)
            let fixes =
                icon.hangs.compactMap { hang in hang.writtenOut.map { IOSTabIcon.Fix(message: "", range: hang.range, replacement: $0) } }
                + (icon.blank.flatMap(\.fix).map { [$0] } ?? icon.lostParts.compactMap(\.fix))
            guard !fixes.isEmpty else { break }
            text = apply(fixes, to: text)
        }
        let fixed = analyse(text)
        #expect(fixed.hangs.isEmpty && fixed.lostParts.isEmpty && fixed.blank == nil, "\(text)")
        let ink = try #require(fixed.ink)
        #expect(ink.differing < 0.02, "\(text)")
    }

    /// A style sheet that makes an outline a filled shape: the attributes say "outline", the
    /// renderings agree, and nothing is reported.
    @Test func aStyleSheetThatRestylesTheIconLeavesTheRenderingsToJudge() {
        let svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><style>path { fill: #000; stroke: none }</style><path fill=\"none\" stroke=\"#000\" d=\"M4 4h16v16H4z\"/></svg>"
        let icon = analyse(svg)
        #expect(icon.filledParts.isEmpty && icon.lostParts.isEmpty)
        #expect(icon.ink?.differing == 0)
    }

    private func analyse(_ svg: String) -> IOSTabIcon {
        let document = SVGParser.parse(SourceFile(path: "icons/home.svg", text: svg))
        return IOSTabIcon.analyse(
            document, svgRendering: IconRenderer.measure(Array(svg.utf8), size: IOSTabIcon.renderSize, currentColor: "#000"))
    }

    /// Applies the fixes that do not overlap a larger one, last first.
    private func apply(_ fixes: [IOSTabIcon.Fix], to text: String) -> String {
        var bytes = Array(text.utf8)
        var chosen: [IOSTabIcon.Fix] = []
        for fix in fixes.sorted(by: { ($0.range.lowerBound, -$0.range.upperBound) < ($1.range.lowerBound, -$1.range.upperBound) }) {
            if let last = chosen.last, fix.range.lowerBound < last.range.upperBound { continue }
            chosen.append(fix)
        }
        for fix in chosen.reversed() { bytes.replaceSubrange(fix.range, with: Array(fix.replacement.utf8)) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
