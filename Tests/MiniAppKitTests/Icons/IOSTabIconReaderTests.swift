import Testing
@testable import MiniAppKit

/// The iOS tab icon reader against SkipMiniApp's `SVGParser` behaviour (docs/runtimes.md, skip.tab-icon-box, skip.tab-icon-paths):
/// which `d`s it finds, the box it reads, the segments it draws and where the runtime hangs.
struct IOSTabIconReaderTests {
    typealias Point = IOSTabIconReader.Point

    private func read(_ svg: String) -> IOSTabIconReader.Reading { IOSTabIconReader.read(Array(svg.utf8)) }

    private func tokens(_ d: String) -> [String] {
        let text = CharacterText(d)
        return IOSPathParser.tokenize(text, 0..<text.count).map(\.text)
    }

    @Test func numbersAreCutAtLettersSeparatorsAndMinusButNotAtASecondPoint() {
        #expect(tokens("M.5.5l1.5e-3-2,3 5.") == ["M", ".5.5", "l", "1.5e-3", "-2", "3", "5."])
        // A CRLF is one Character, equal to neither "\r" nor "\n": it stays inside the number.
        #expect(tokens("M0 0\r\n5 5") == ["M", "0", "0\r\n5", "5"])
    }

    @Test func pathDataIsFoundOnlyAfterASpaceAQuoteOrATab() {
        let svg = """
            <svg viewBox="0 0 24 24"><path  d="M1 1h1v1z"/><path\td="M2 2h1v1z"/><path fill="x"d="M3 3h1v1z"/>
            <path
            d="M4 4h1v1z"/><path d='M5 5h1v1z'/><path d = "M6 6h1v1z"/></svg>
            """
        let reading = read(svg)
        // The runtime's markers in its order: space, quote, tab.
        #expect(reading.paths.map { $0.segments.first } == [.move(Point(x: 1, y: 1)), .move(Point(x: 3, y: 3)), .move(Point(x: 2, y: 2))])
    }

    @Test func theBoxIsTheFirstViewBoxSplitOnSingleSpaces() {
        #expect(read("<svg viewBox=\"0  -960 960 960\"><path d=\"M0 0\"/></svg>").box == .init(x: 0, y: -960, width: 960, height: 960))
        #expect(read("<svg viewBox=\"0,0,48,48\"><path d=\"M0 0\"/></svg>").box == .fallback)
        #expect(read("<svg viewBox=\"0 0 48\"><path d=\"M0 0\"/></svg>").box == .fallback)
        // Without a viewBox: the first width=" anywhere, here a stroke-width.
        let reading = read("<svg stroke-width=\"2\" width=\"48\" height=\"40\"><path d=\"M0 0\"/></svg>")
        #expect(reading.box == .init(x: 0, y: 0, width: 2, height: 40))
        #expect(read("<svg width=\"48px\" height=\"48px\"><path d=\"M0 0\"/></svg>").box == .fallback)
    }

    @Test func arcsAndSmoothQuadraticsAreSkippedAndTheCurrentPointStays() {
        let reading = read("<svg><path d=\"M2 2A1 1 0 0 1 4 4L5 5T7 7l1 1\"/></svg>")
        #expect(reading.paths.first?.segments == [.move(Point(x: 2, y: 2)), .line(Point(x: 5, y: 5)), .line(Point(x: 6, y: 6))])
        #expect(reading.paths.first?.skippedCommands.map(\.letter) == ["A", "T"])
        #expect(reading.hangs.isEmpty)
    }

    @Test func curvesReflectTheLastControlPointAsTheRuntimeDoes() {
        let reading = read("<svg><path d=\"M0 0C1 0 2 1 2 2S3 4 4 4Q5 4 5 5s1 1 2 2z\"/></svg>")
        #expect(
            reading.paths.first?.segments == [
                .move(Point(x: 0, y: 0)),
                .cubic(Point(x: 1, y: 0), Point(x: 2, y: 1), Point(x: 2, y: 2)),
                .cubic(Point(x: 2, y: 3), Point(x: 3, y: 4), Point(x: 4, y: 4)),
                .quad(Point(x: 5, y: 4), Point(x: 5, y: 5)),
                // `s` after `Q` reflects the quadratic's control point (the runtime keeps it).
                .cubic(Point(x: 5, y: 6), Point(x: 6, y: 6), Point(x: 7, y: 7)),
                .close,
            ])
    }

    @Test func aCompactNumberHangsAndIsReadOnAsWrittenOut() {
        let reading = read("<svg><path d=\"M0 0L.5.5 1 1\"/></svg>")
        #expect(reading.hangs == [.init(cause: .unparseableNumber, token: ".5.5", range: 19..<23, writtenOut: ".5 .5")])
        #expect(reading.paths.first?.segments == [.move(Point(x: 0, y: 0)), .line(Point(x: 0.5, y: 0.5)), .line(Point(x: 1, y: 1))])
    }

    @Test func aMovesBadPairHangsInTheLineItBecomes() {
        let reading = read("<svg><path d=\"M1.2.3 4z\"/></svg>")
        #expect(reading.hangs.map(\.token) == ["1.2.3"])
        #expect(reading.hangs.map(\.writtenOut) == ["1.2 .3"])
    }

    @Test func aCRLFInsidePathDataHangs() {
        let reading = read("<svg><path d=\"M0 0\r\n5 5z\"/></svg>")
        #expect(reading.hangs.map(\.token) == ["0\r\n5"])
        #expect(reading.hangs.map(\.writtenOut) == ["0 5"])
    }

    @Test func numbersAfterCloseHangOnce() {
        let reading = read("<svg><path d=\"M0 0H4V4z 1 2 3L5 5\"/></svg>")
        #expect(reading.hangs.map(\.cause) == [.numberAfterClose])
        #expect(reading.hangs.map(\.token) == ["1"])
        #expect(reading.paths.first?.segments.last == .line(Point(x: 5, y: 5)))
    }

    @Test func aTokenStartingWithAnExponentHangs() {
        let reading = read("<svg><path d=\"M0 0L e5 1\"/></svg>")
        #expect(reading.hangs.map(\.cause) == [.exponentWithoutDigits])
    }

    @Test func aFileThatIsNotUTF8ReadsAsNothing() {
        let reading = IOSTabIconReader.read(Array("<svg><path d=\"M0 0h9v9z\"/>".utf8) + [0xFF])
        #expect(!reading.isUTF8)
        #expect(reading.paths.isEmpty)
    }

    @Test func writtenOutNumbersFollowSVGGrammar() {
        #expect(SVGNumberList.numbers(in: ".5.5") == [".5", ".5"])
        #expect(SVGNumberList.numbers(in: "-1.1.7e2.3") == ["-1.1", ".7e2", ".3"])
        #expect(SVGNumberList.numbers(in: "1e") == nil)
        #expect(SVGNumberList.numbers(in: "#") == nil)
    }

    @Test func hugePathDataIsReadWithoutHanging() {
        // 100,000 compact pairs: every one would hang the phone; the reader records each once.
        let d = "M0 0L" + String(repeating: "1.5.5 ", count: 100_000)
        let reading = read("<svg viewBox=\"0 0 24 24\"><path d=\"\(d)\"/></svg>")
        #expect(reading.hangs.count == 100_000)
    }

    @Test func aDeeplyNestedIconIsAnalysedWithoutRecursion() {
        let depth = 5_000
        let svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\">" + String(repeating: "<g>", count: depth)
            + "<path d=\"M2 2h20v20H2z\"/>" + String(repeating: "</g>", count: depth) + "</svg>"
        let document = SVGParser.parse(SourceFile(path: "icons/x.svg", text: svg))
        let icon = IOSTabIcon.analyse(document, svgRendering: nil)
        #expect(icon.reading.paths.count == 1)
        #expect(icon.blank == nil)
    }
}
