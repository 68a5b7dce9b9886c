import Foundation
import Testing
@testable import MiniAppKit
import MiniAppKitTestSupport

/// Strokes outlined as filled paths (`StrokeOutliner`) for SkipMiniApp's iOS tab bar, which
/// fills every path, and the fix-it that rewrites an outline icon's strokes with them.
struct StrokeOutlinerTests {
    typealias Point = IOSTabIconReader.Point
    typealias Segment = IOSTabIconReader.Segment

    static let open = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\">"
    /// Half a pixel at 48 px, a tenth of it: the tolerance the fix-it uses.
    static let tolerance = 0.05

    @Test func aSquareWithMiterJoinsIsFourStripsAndFourMiters() throws {
        let segments = SVGPathData.parse("M4 4h16v16H4z").segments
        let outline = try #require(StrokeOutliner.outline(segments, stroke: .init(width: 2), tolerance: Self.tolerance))
        #expect(outline.filter { $0 == .close }.count == 8)
        #expect(!outline.contains { if case .cubic = $0 { true } else { false } })
        // The miter reaches the corner of the stroke's outer square.
        #expect(outline.contains(.line(Point(x: 3, y: 3))))
    }

    @Test func roundCapsAndJoinsAreCubicsAndTheDataUsesOnlyMLCZ() throws {
        let data = try #require(
            StrokeOutliner.pathData(
                SVGPathData.parse("M3 9l9-7 9 7v11a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM6 20q6-8 12 0").segments,
                stroke: .init(width: 2, cap: .round, join: .round), tolerance: Self.tolerance))
        #expect(Set(data.filter(\.isLetter)).isSubset(of: ["M", "L", "C", "Z"]))
        // At most three decimals.
        #expect(
            data.split(separator: " ").allSatisfy { token in
                guard let dot = token.firstIndex(of: ".") else { return true }
                return token.distance(from: dot, to: token.endIndex) <= 4
            })
        // Deterministic.
        #expect(
            data
                == StrokeOutliner.pathData(
                    SVGPathData.parse("M3 9l9-7 9 7v11a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM6 20q6-8 12 0").segments,
                    stroke: .init(width: 2, cap: .round, join: .round), tolerance: Self.tolerance))
    }

    @Test func everyPieceIsWoundTheSameWay() throws {
        let segments = SVGPathData.parse("M2 2L22 12L2 22M12 2C20 2 4 22 12 22").segments
        for join in [StrokeOutliner.Join.miter, .round, .bevel] {
            let outline = try #require(
                StrokeOutliner.outline(segments, stroke: .init(width: 3, cap: .square, join: join), tolerance: Self.tolerance))
            var area = 0.0, last = Point(x: 0, y: 0), start = last
            for segment in outline {
                switch segment {
                case .move(let to): area = 0; last = to; start = to
                case .line(let to), .cubic(_, _, let to), .quad(_, let to): area += last.x * to.y - to.x * last.y; last = to
                case .close:
                    area += last.x * start.y - start.x * last.y
                    #expect(area >= 0, "\(join)")
                }
            }
        }
    }

    @Test func aZeroLengthSubpathIsADotWithRoundCapsAndNothingWithButtCaps() throws {
        let dot = SVGPathData.parse("M5 5L5 5").segments
        #expect(try #require(StrokeOutliner.outline(dot, stroke: .init(width: 2, cap: .round), tolerance: Self.tolerance)).count == 6)
        #expect(StrokeOutliner.outline(dot, stroke: .init(width: 2), tolerance: Self.tolerance) == [])
        #expect(
            StrokeOutliner.outline(SVGPathData.parse("M5 5Z").segments, stroke: .init(width: 2, cap: .round), tolerance: Self.tolerance)
                == nil)
    }

    /// The outline filled, as librsvg and the phone's reader draw it, against the stroke as
    /// librsvg draws it.
    @Test(arguments: [
        ("M5 12h14M12 5l7 7-7 7", "round", "round"),
        ("M4 4h16v16H4z", "butt", "miter"),
        ("M3 20L12 4L21 20", "square", "bevel"),
        ("M3 20L12 4L21 20", "butt", "miter"),
        ("M3 9l9-7 9 7v11a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z", "round", "round"),
        ("M21 12a9 9 0 1 1-6.219-8.56", "round", "round"),
        ("M2 12C2 4 22 4 22 12S2 20 2 12", "butt", "round"),
        ("M4 18Q12 2 20 18", "square", "miter"),
    ])
    func theOutlineDrawsTheStroke(data: String, cap: String, join: String) throws {
        let stroke = StrokeOutliner.Stroke(width: 2, cap: try #require(.init(rawValue: cap)), join: try #require(.init(rawValue: join)))
        let outline = try #require(StrokeOutliner.pathData(SVGPathData.parse(data).segments, stroke: stroke, tolerance: Self.tolerance))
        let stroked =
            Self.open
            + "<path d=\"\(data)\" fill=\"none\" stroke=\"#000\" stroke-width=\"2\" stroke-linecap=\"\(cap)\" stroke-linejoin=\"\(join)\"/></svg>"
        let filled = Self.open + "<path d=\"\(outline)\"/></svg>"
        let browser = try #require(render(stroked))
        let outlined = try #require(render(filled))
        #expect(IOSTabIcon.compare(svg: browser, phone: outlined).differing <= 0.03, "\(outline)")
        let phone = try #require(IOSTabIcon.render(IOSTabIconReader.read(Array(filled.utf8)), evenOdd: false))
        #expect(IOSTabIcon.compare(svg: browser, phone: phone.alpha).differing <= 0.03, "\(outline)")
    }

    // MARK: - The fix-it

    /// A Feather-style house: a path with arcs and a polyline, stroked with round caps and
    /// joins by the `<svg>`. Both get the fix-it; once applied, the phone fills what the SVG
    /// strokes, and a browser draws the icon as before.
    @Test func anOutlineIconsStrokesAreOutlined() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" \
            stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M3 9l9-7 9 7v11a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"/>\
            <polyline points="9 22 9 12 15 12 15 22"/></svg>
            """
        let icon = analyse(svg)
        let filled = try #require(icon.filledParts.first { $0.phrase.hasPrefix("a stroke-only path") })
        let pathFix = try #require(filled.fix)
        #expect(pathFix.message == "outline the stroke as a filled path")
        #expect(pathFix.replacement.hasPrefix("<path d=\"M") && pathFix.replacement.hasSuffix("\" fill=\"currentColor\" stroke=\"none\"/>"))
        let polyline = try #require(icon.lostParts.first { $0.kind == .shape(name: "polyline") })
        let polylineFix = try #require(polyline.fix)
        #expect(polylineFix.message == "outline the stroke as a filled path")

        let fixed = apply([pathFix, polylineFix], to: svg)
        let after = analyse(fixed)
        #expect(after.filledParts.isEmpty && after.lostParts.isEmpty && after.blank == nil, "\(fixed)")
        #expect(try #require(after.ink).differing <= 0.03)
        let before = try #require(render(svg)), browser = try #require(render(fixed))
        #expect(IOSTabIcon.compare(svg: before, phone: browser).differing <= 0.03)
    }

    /// The same through the linter: the Lucide-style arrow's finding offers the fix-it, and
    /// after it the finding is gone.
    @Test func theRuleOffersTheFixItAndTheFixedIconLintsClean() throws {
        let svg =
            Self.open.replacingOccurrences(
                of: ">",
                with: " fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\">")
            + "<path d=\"M5 12h14M12 5l7 7-7 7\"/></svg>\n"
        let findings = lint(svg)
        let finding = try #require(findings.first { $0.id == "icon-tab-outline-filled-on-ios" })
        let fixIt = try #require(finding.fixIt)
        #expect(fixIt.message == "outline the stroke as a filled path")
        let outcome = FixItApplier.apply([finding], to: Array(svg.utf8))
        let fixed = String(decoding: outcome.bytes, as: UTF8.self)
        #expect(lint(fixed).map(\.id).filter { $0.hasPrefix("icon-tab-") && $0.hasSuffix("-on-ios") } == [], "\(fixed)")
    }

    @Test(arguments: [
        // Dashed, in the element or inherited.
        "<path d=\"M5 12h14\" stroke-dasharray=\"2 2\"/>",
        "<g stroke-dasharray=\"4\"><path d=\"M5 12h14\"/></g>",
        // Moved, with markers, a width in percent, a gradient, a non-scaling stroke.
        "<path d=\"M5 12h14\" transform=\"scale(2 1)\"/>",
        "<path d=\"M5 12h14\" marker-end=\"url(#m)\"/>",
        "<path d=\"M5 12h14\" stroke-width=\"10%\"/>",
        "<path d=\"M5 12h14\" stroke=\"url(#g)\"/>",
        "<path d=\"M5 12h14\" vector-effect=\"non-scaling-stroke\"/>",
        // Not an empty element.
        "<path d=\"M5 12h14\"></path>",
    ])
    func noFixItWhereTheOutlineCannotBeFaithful(element: String) {
        let svg = Self.open.replacingOccurrences(of: ">", with: " fill=\"none\" stroke=\"#000\" stroke-width=\"2\">") + element + "</svg>"
        let icon = analyse(svg)
        #expect(!(icon.filledParts + icon.lostParts).contains { $0.fix?.message == IOSTabIcon.outlineFixMessage }, "\(element)")
    }

    @Test func noFixItWithoutAViewBox() {
        let svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\" fill=\"none\" stroke=\"#000\" stroke-width=\"2\"><path d=\"M5 12h14\"/></svg>"
        #expect(!analyse(svg).filledParts.contains { $0.fix != nil })
    }

    @Test func strokedShapesBecomeOutlinedPaths() throws {
        let svg =
            Self.open.replacingOccurrences(of: ">", with: " fill=\"none\" stroke=\"#000\" stroke-width=\"2\" stroke-linecap=\"round\">")
            + "<line x1=\"4\" y1=\"4\" x2=\"20\" y2=\"20\"/><rect x=\"3\" y=\"3\" width=\"18\" height=\"18\" rx=\"2\"/><circle cx=\"12\" cy=\"12\" r=\"4\" id=\"c\"/></svg>"
        let icon = analyse(svg)
        let fixes = icon.lostParts.compactMap(\.fix)
        #expect(fixes.count == 3 && fixes.allSatisfy { $0.message == IOSTabIcon.outlineFixMessage })
        #expect(fixes.last?.replacement.hasSuffix("fill=\"#000\" stroke=\"none\" id=\"c\"/>") == true)
        let after = analyse(apply(fixes, to: svg))
        #expect(after.lostParts.isEmpty && after.filledParts.isEmpty)
        #expect(try #require(after.ink).differing <= 0.03)
    }

    // MARK: - Helpers

    private func render(_ svg: String) -> [UInt8]? {
        IconRenderer.measure(Array(svg.utf8), size: IOSTabIcon.renderSize, currentColor: "#000")?.alpha
    }

    private func analyse(_ svg: String) -> IOSTabIcon {
        let document = SVGParser.parse(SourceFile(path: "icons/home.svg", text: svg))
        return IOSTabIcon.analyse(
            document, svgRendering: IconRenderer.measure(Array(svg.utf8), size: IOSTabIcon.renderSize, currentColor: "#000"))
    }

    private func lint(_ svg: String) -> [Diagnostic] {
        Linter.lint(ExampleMarkers.project(for: IconExample.tabIcon(svg)).project).diagnostics
    }

    private func apply(_ fixes: [IOSTabIcon.Fix], to text: String) -> String {
        var bytes = Array(text.utf8)
        for fix in fixes.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(fix.range, with: Array(fix.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
