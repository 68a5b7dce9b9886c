/// A tab icon as SkipMiniApp's iOS tab bar shows it, beside the icon as its SVG draws it:
/// what the runtime's reader reads (`IOSTabIconReader`), that reading rendered the way the
/// phone fills it, the share of ink that differs from librsvg's rendering of the file, and
/// the causes found in the file, each at its place.
public struct IOSTabIcon: Sendable {
    /// Something in the file that makes the phone's icon differ, at its place.
    public struct Cause: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// A painted `<circle>`, `<rect>`, … the reader does not draw.
            case shape(name: String)
            /// A `d` the reader does not find.
            case pathNotFound
            /// A command letter it skips (`A`, `T`, …).
            case skippedCommand(Character)
            case staleReflection
            case transform
            /// Something the phone fills that the SVG does not.
            case filled
            /// Why the phone draws nothing (`blank`).
            case nothingDrawn
        }

        public var kind: Kind
        public var phrase: String
        public var range: Range<Int>
        /// Causes with the same site are one finding: the arcs of one path, one shape.
        public var site: Int
        /// The edit that removes the cause, when it is mechanical.
        public var fix: Fix?

        init(_ kind: Kind, phrase: String, range: Range<Int>, site: Int? = nil, fix: Fix? = nil) {
            self.kind = kind
            self.phrase = phrase
            self.range = range
            self.site = site ?? range.lowerBound
            self.fix = fix
        }
    }

    public struct Fix: Sendable, Equatable {
        public var message: String
        public var range: Range<Int>
        public var replacement: String
    }

    /// A box the reader reads differently from the SVG's own.
    public struct BoxMisread: Sendable, Equatable {
        public var read: IOSTabIconReader.Box
        public var actual: IOSTabIconReader.Box
        public var reason: String
        public var range: Range<Int>
        /// The edit that makes the reader read the SVG's box.
        public var fix: Fix?
    }

    /// The two renderings at `renderSize` pixels, compared as shapes (alpha at least half).
    public struct InkComparison: Sendable, Equatable {
        /// Pixels inked in one rendering and not the other, over those inked in either.
        public var differing: Double
        /// The SVG's ink the phone does not draw, over the SVG's ink.
        public var lost: Double
        /// The phone's ink the SVG does not have, over the phone's ink.
        public var added: Double
        public var svgAlpha: [UInt8]
        public var phoneAlpha: [UInt8]
    }

    /// A 24-point tab icon on a 2x screen.
    public static let renderSize = 48
    /// Above this share of differing ink, a warning says how much of the icon the phone
    /// draws differently: below it, the difference is a few edge pixels.
    public static let visibleDifference = 0.05
    /// From this share of differing ink on, the phone's icon is not the one drawn (Material's
    /// invisible frame path turns it into a solid square): it fails every time, an error; below
    /// it, part of the drawing is wrong, a warning (docs/rules.md, "Severity").
    public static let unrecognizableDifference = 0.5
    /// Shapes the reader never draws: it finds only `d` attributes.
    static let droppedShapes: Set<String> = ["circle", "rect", "ellipse", "line", "polyline", "polygon", "use", "text", "image"]

    public var reading: IOSTabIconReader.Reading
    /// Why the phone's icon is blank, when it is and the SVG is not.
    public var blank: Cause?
    /// Drawn in the SVG, not on the phone: shapes, transforms, arcs, `d`s the reader misses.
    public var lostParts: [Cause] = []
    /// Filled on the phone though the SVG does not fill them.
    public var filledParts: [Cause] = []
    public var boxMisread: BoxMisread?
    public var ink: InkComparison?
    /// The file parsed as XML, so causes could be looked for; when not, only hangs are known.
    public var causesKnown: Bool

    public var hangs: [IOSTabIconReader.Hang] { reading.hangs }

    /// `svgRendering` is librsvg's rendering of the file at `renderSize`, when there is one.
    static func analyse(_ document: SVGDocument, svgRendering: IconRenderer.Measurement?) -> IOSTabIcon {
        let reading = IOSTabIconReader.read(document.file.bytes)
        var icon = IOSTabIcon(reading: reading, causesKnown: document.issue == nil && !document.elements.isEmpty)
        guard reading.isUTF8 else {
            // A file libxml2 cannot read either is reported as an invalid SVG already.
            if icon.causesKnown {
                icon.blank = Cause(.nothingDrawn, phrase: "the file is not UTF-8, so its reader reads nothing in it", range: 0..<0)
            }
            return icon
        }
        let phone = render(reading, evenOdd: false)
        if let svgRendering, let phone {
            icon.ink = compare(svg: svgRendering.alpha, phone: phone.alpha)
        }
        guard icon.causesKnown else { return icon }
        let paint = SVGPaint(document)
        icon.findCauses(document, paint, svgAlpha: svgRendering?.alpha)
        icon.boxMisread = Self.boxMisread(reading, document)
        // Named only where the rule makes a difference: a hole drawn with the inner path
        // running the other way is a hole under both rules.
        if !reading.paths.isEmpty, let phone, let range = Self.firstEvenOddRange(document, paint),
            let evenOdd = render(reading, evenOdd: true), compare(svg: evenOdd.alpha, phone: phone.alpha).differing > 0.01
        {
            icon.filledParts.append(Cause(.filled, phrase: "fill-rule=\"evenodd\" is ignored, so its holes are filled", range: range))
        }
        // A style sheet can restyle what the attributes say (mactl does not apply it): there the
        // renderings are the judge, and causes are named only when the phone's icon differs.
        if document.elements.contains(where: { $0.name == "style" }), let ink = icon.ink, ink.differing <= visibleDifference {
            icon.lostParts = []
            icon.filledParts = []
        }
        let phoneInk = phone.map { $0.alpha.contains { $0 >= 128 } } ?? false
        let svgInk = svgRendering.map { $0.alpha.contains { $0 >= 128 } } ?? true
        if reading.hangs.isEmpty, !phoneInk, svgInk {
            icon.blank = icon.blankCause(document, paint)
        }
        return icon
    }

    // MARK: - Rendering what the phone fills

    /// The reader's paths fitted into the 24-point box as the runtime fits them (scale to fit,
    /// centred), merged into one path and filled nonzero, in black: the template image the
    /// tab bar tints. Nil when the box gives no finite scale (nothing is drawn).
    static func phoneSVG(_ reading: IOSTabIconReader.Reading, evenOdd: Bool) -> [UInt8]? {
        let size = 24.0
        let box = reading.box
        let scale = min(size / box.width, size / box.height)
        guard scale.isFinite, scale > 0 else { return nil }
        let offsetX = (size - box.width * scale) / 2 - box.x * scale
        let offsetY = (size - box.height * scale) / 2 - box.y * scale
        func point(_ point: IOSTabIconReader.Point) -> String {
            "\(point.x * scale + offsetX) \(point.y * scale + offsetY)"
        }
        var data = ""
        for path in reading.paths {
            // Each path starts with no current point: what comes before its first move draws
            // nothing, as in Core Graphics.
            var started = false
            for segment in path.segments {
                switch segment {
                case .move(let to): data += "M" + point(to) + " "; started = true
                case .line(let to) where started: data += "L" + point(to) + " "
                case .cubic(let first, let second, let end) where started:
                    data += "C" + point(first) + " " + point(second) + " " + point(end) + " "
                case .quad(let control, let end) where started: data += "Q" + point(control) + " " + point(end) + " "
                case .close where started: data += "Z "
                default: break
                }
            }
        }
        guard !data.contains("nan"), !data.contains("inf") else { return nil }
        let rule = evenOdd ? "evenodd" : "nonzero"
        return Array(
            """
            <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">\
            <path fill="#000" fill-rule="\(rule)" d="\(data)"/></svg>
            """.utf8)
    }

    static func render(_ reading: IOSTabIconReader.Reading, evenOdd: Bool) -> IconRenderer.Measurement? {
        guard let svg = phoneSVG(reading, evenOdd: evenOdd) else {
            return IconRenderer.Measurement(
                inkInside: 0, inkOutside: 0, meanColor: (0, 0, 0), pixelDigest: 0, visibleOnLight: 0, visibleOnDark: 0,
                alpha: [UInt8](repeating: 0, count: renderSize * renderSize))
        }
        return IconRenderer.measure(svg, size: renderSize, currentColor: "#000")
    }

    static func compare(svg: [UInt8], phone: [UInt8]) -> InkComparison {
        var svgInk = 0, phoneInk = 0, lost = 0, added = 0, union = 0
        for (svgAlpha, phoneAlpha) in zip(svg, phone) {
            let inSVG = svgAlpha >= 128, onPhone = phoneAlpha >= 128
            if inSVG { svgInk += 1 }
            if onPhone { phoneInk += 1 }
            if inSVG || onPhone { union += 1 }
            if inSVG, !onPhone { lost += 1 }
            if onPhone, !inSVG { added += 1 }
        }
        return InkComparison(
            differing: union == 0 ? 0 : Double(lost + added) / Double(union),
            lost: svgInk == 0 ? 0 : Double(lost) / Double(svgInk),
            added: phoneInk == 0 ? 0 : Double(added) / Double(phoneInk),
            svgAlpha: svg, phoneAlpha: phone)
    }

    // MARK: - Causes

    private mutating func findCauses(_ document: SVGDocument, _ paint: SVGPaint, svgAlpha: [UInt8]?) {
        var foundAt: [Int: Int] = [:]
        for (index, path) in reading.paths.enumerated() { foundAt[path.value.lowerBound] = index }
        var elementOfFoundPath: [Int: Int] = [:]
        var reportedTransforms: Set<Int> = []
        for (index, element) in document.elements.enumerated() {
            let style = paint.styles[index]
            if let d = element.attribute("d"), let written = d.written,
                let found = foundAt[written.valueRange.lowerBound]
            {
                elementOfFoundPath[found] = index
                if let hidden = style.hiddenBecause {
                    filledParts.append(Cause(.filled, phrase: "a path \(hidden) is drawn", range: d.range))
                } else if !style.fills {
                    // A path that paints nothing in the SVG (Material's frame `<path d="M0 0h24v24H0z"
                    // fill="none"/>`) can go: every renderer but the phone's ignores it already.
                    var fix: Fix?
                    if !style.strokes, element.name == "path", let tag = element.startTag, tag.isSelfClosing {
                        fix = Fix(message: "delete the invisible path, which draws nothing in the SVG", range: tag.range, replacement: "")
                    } else if style.strokes {
                        fix = Self.outlineFix(element, style: style, in: document, svgAlpha: svgAlpha)
                    }
                    filledParts.append(
                        Cause(
                            .filled,
                            phrase: style.strokes
                                ? "a stroke-only path (fill=\"none\") is filled as a solid shape"
                                : "an invisible path (fill=\"none\", no stroke) is filled as a solid shape",
                            range: d.range, fix: fix))
                }
                guard style.isPainted else { continue }
                if let transform = style.transforms.first, reportedTransforms.insert(transform.range.lowerBound).inserted {
                    lostParts.append(
                        Cause(
                            .transform, phrase: "transform=\"\(transform.value)\" is ignored, so the path draws unmoved",
                            range: transform.range))
                }
                let skipped = reading.paths[found].skippedCommands
                let stale = reading.paths[found].staleReflections
                if !skipped.isEmpty || !stale.isEmpty {
                    let fix = Self.rewrite(d.value).map {
                        Fix(message: "rewrite the path data with curves iOS draws", range: written.valueRange, replacement: $0)
                    }
                    for command in skipped {
                        lostParts.append(
                            Cause(
                                .skippedCommand(command.letter), phrase: Self.skippedPhrase(command.letter), range: command.range,
                                site: written.valueRange.lowerBound, fix: fix))
                    }
                    for command in stale {
                        lostParts.append(
                            Cause(
                                .staleReflection,
                                phrase:
                                    "a smooth curve (\(command.letter)) after a move or a quadratic bends from an earlier curve's control point",
                                range: command.range, site: written.valueRange.lowerBound, fix: fix))
                    }
                    lostParts.sort { $0.range.lowerBound < $1.range.lowerBound }
                }
            } else if let d = element.attribute("d"), element.name == "path", style.isPainted {
                lostParts.append(
                    Cause(
                        .pathNotFound, phrase: "a \(Self.notFoundReason(d)) is not found", range: d.range,
                        fix: Self.rewriteAttribute(d, in: document)))
            } else if Self.droppedShapes.contains(element.name),
                style.isPainted || (!style.hidden && ["use", "image"].contains(element.name))
            {
                // Only a filled shape draws the same as a path: an outline is outlined first.
                let fix =
                    style.fills
                    ? Self.shapeAsPath(element, in: document)
                    : Self.outlineFix(element, style: style, in: document, svgAlpha: svgAlpha)
                lostParts.append(
                    Cause(.shape(name: element.name), phrase: "<\(element.name)> is not drawn", range: element.range, fix: fix))
            }
        }
        for (index, path) in reading.paths.enumerated() where elementOfFoundPath[index] == nil && !path.segments.isEmpty {
            let before = max(0, path.value.lowerBound - 3)
            filledParts.append(
                Cause(
                    .filled, phrase: "a d=\"…\" that is no path's (in a comment, text or another attribute) is drawn",
                    range: before..<path.value.lowerBound))
        }
        lostParts.sort { $0.range.lowerBound < $1.range.lowerBound }
        filledParts.sort { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// Path data written so the reader draws what SVG draws, when it parses whole.
    static func rewrite(_ data: String) -> String? {
        let parsed = SVGPathData.parse(data)
        guard parsed.complete, !parsed.segments.isEmpty else { return nil }
        return SVGPathData.write(parsed.segments)
    }

    /// ` d="…"` after a space, with no spaces around `=`, in double quotes.
    static func rewriteAttribute(_ attribute: SVGDocument.Attribute, in document: SVGDocument) -> Fix? {
        guard let written = attribute.written, attribute.range.lowerBound > 0, written.valueRange.upperBound < document.file.bytes.count
        else { return nil }
        let raw = document.file.bytes[written.valueRange]
        guard !raw.contains(UInt8(ascii: "\"")) else { return nil }
        return Fix(
            message: "write it as d=\"…\" after a space", range: (attribute.range.lowerBound - 1)..<(written.valueRange.upperBound + 1),
            replacement: " d=\"" + String(decoding: raw, as: UTF8.self) + "\"")
    }

    /// The shape's start tag as a `<path>` with the same other attributes, for a shape written
    /// as an empty element (`<circle … />`).
    static func shapeAsPath(_ element: SVGDocument.Element, in document: SVGDocument) -> Fix? {
        guard let tag = element.startTag, tag.isSelfClosing, let data = SVGShapePath.pathData(for: element),
            let geometry = SVGShapePath.geometry[element.name]
        else { return nil }
        var text = "<path d=\"\(data)\""
        for attribute in element.attributes where !geometry.contains(attribute.name) {
            guard let written = attribute.written, written.valueRange.upperBound < document.file.bytes.count else { return nil }
            text += " " + String(decoding: document.file.bytes[attribute.range.lowerBound...written.valueRange.upperBound], as: UTF8.self)
        }
        return Fix(message: "draw it as a <path>", range: tag.range, replacement: text + "/>")
    }

    static func skippedPhrase(_ letter: Character) -> String {
        switch letter {
        case "A", "a": return "an arc (\(letter)) draws nothing"
        case "T", "t": return "a smooth quadratic curve (\(letter)) draws nothing"
        default: return "'\(letter)' is not a path command and draws nothing"
        }
    }

    /// Why the reader does not find a `d` attribute libxml2 read.
    static func notFoundReason(_ attribute: SVGDocument.Attribute) -> String {
        guard let written = attribute.written else { return "d=\"…\"" }
        if written.quote == UInt8(ascii: "'") { return "d='…' in single quotes" }
        if written.spacedEquals { return "d = \"…\" with spaces around '='" }
        if written.precedingByte == 0x0A || written.precedingByte == 0x0D { return "d=\"…\" at the start of a line" }
        return "d=\"…\""
    }

    /// Several fixes as one edit from the first to the last, the text between kept, so a blank
    /// icon gets one fix that draws all of it. Nil when they overlap.
    static func merged(_ fixes: [Fix], in bytes: [UInt8]) -> Fix? {
        var unique: [Fix] = []
        for fix in fixes.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) where unique.last != fix {
            if let last = unique.last, last.range.upperBound > fix.range.lowerBound { return nil }
            unique.append(fix)
        }
        guard let first = unique.first, let last = unique.last, last.range.upperBound <= bytes.count else { return nil }
        if unique.count == 1 { return first }
        var replacement = ""
        for (index, fix) in unique.enumerated() {
            if index > 0 {
                replacement += String(decoding: bytes[unique[index - 1].range.upperBound..<fix.range.lowerBound], as: UTF8.self)
            }
            replacement += fix.replacement
        }
        return Fix(
            message: "draw every part as path data iOS reads", range: first.range.lowerBound..<last.range.upperBound,
            replacement: replacement)
    }

    private func blankCause(_ document: SVGDocument, _ paint: SVGPaint) -> Cause {
        let allFixes = Self.merged(lostParts.compactMap(\.fix), in: document.file.bytes)
        let root = document.root.map(\.range) ?? 0..<0
        if reading.paths.isEmpty {
            if let missed = lostParts.first(where: { $0.kind == .pathNotFound }) {
                return Cause(
                    .nothingDrawn, phrase: "its reader finds path data only after a space, a tab or a quote, and here \(missed.phrase)",
                    range: missed.range, fix: allFixes)
            }
            let shapes = lostParts.filter { if case .shape = $0.kind { true } else { false } }
            if let first = shapes.first {
                var names: [String] = []
                for case .shape(let name) in shapes.map(\.kind) where !names.contains("<\(name)>") { names.append("<\(name)>") }
                return Cause(
                    .nothingDrawn,
                    phrase: "its reader draws only path data (d=\"…\"), and this icon draws with \(names.joined(separator: ", "))",
                    range: first.range, fix: allFixes)
            }
            return Cause(.nothingDrawn, phrase: "its reader finds no path data (d=\"…\") in it", range: root)
        }
        if let misread = boxMisread {
            return Cause(
                .nothingDrawn,
                phrase:
                    "it reads the box as \(Self.describe(misread.read)) instead of \(Self.describe(misread.actual)), and its paths fall outside it",
                range: misread.range)
        }
        if reading.paths.allSatisfy({ path in
            !path.segments.contains { if case .move = $0 { return false } else if case .close = $0 { return false } else { return true } }
        }),
            let arc = lostParts.first(where: { $0.kind == .skippedCommand("A") || $0.kind == .skippedCommand("a") })
        {
            return Cause(.nothingDrawn, phrase: "its paths are made of arcs, which its reader skips", range: arc.range, fix: allFixes)
        }
        let causes = lostParts + filledParts
        let why = causes.isEmpty ? "" : " (\(Self.summary(of: causes)))"
        return Cause(
            .nothingDrawn, phrase: "what its reader draws of its paths encloses no area\(why)",
            range: reading.paths.first.map { $0.value } ?? root,
            fix: allFixes)
    }

    static func describe(_ box: IOSTabIconReader.Box) -> String {
        [box.x, box.y, box.width, box.height].map(NumberText.short).joined(separator: " ")
    }

    // MARK: - The box

    /// The SVG's own box: the root's viewBox read as SVG reads it (spaces and commas), else
    /// its width and height. Nil when it has neither, so there is nothing to compare.
    static func actualBox(_ document: SVGDocument) -> IOSTabIconReader.Box? {
        guard let root = document.root else { return nil }
        if root.attribute("viewBox") != nil {
            return document.viewBox.map { .init(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
        }
        guard let width = root.length("width"), let height = root.length("height"), width > 0, height > 0 else { return nil }
        return .init(x: 0, y: 0, width: width, height: height)
    }

    static func boxMisread(_ reading: IOSTabIconReader.Reading, _ document: SVGDocument) -> BoxMisread? {
        guard let actual = actualBox(document), let root = document.root else { return nil }
        let read = reading.box
        let same = [read.x - actual.x, read.y - actual.y, read.width - actual.width, read.height - actual.height]
            .allSatisfy { abs($0) <= 1e-9 * max(1, abs(actual.width), abs(actual.height)) }
        guard !same else { return nil }
        let rootViewBox = root.attribute("viewBox")
        let spaced = [actual.x, actual.y, actual.width, actual.height].map(NumberText.short).joined(separator: " ")
        let insertion = root.range.upperBound
        let writeViewBox = "write viewBox=\"\(spaced)\""
        switch reading.boxSource {
        case .viewBox(let value), .unreadableViewBox(let value):
            if let rootViewBox, let written = rootViewBox.written, written.valueRange == value {
                let separators = rootViewBox.value.contains(",") ? "commas" : "line breaks or tabs"
                let reason =
                    rootViewBox.value.split(separator: " ").compactMap { Double($0) }.count >= 4
                    ? "its reader drops what is not a number between single spaces"
                    : "its reader splits the viewBox on single spaces only, and this one has \(separators)"
                return BoxMisread(
                    read: read, actual: actual, reason: reason, range: rootViewBox.range,
                    fix: Fix(message: writeViewBox, range: value, replacement: spaced))
            }
            return BoxMisread(
                read: read, actual: actual, reason: "its reader takes the first viewBox=\"…\" in the file, which is not the <svg>'s",
                range: value, fix: nil)
        case .size(let width, _):
            if let rootViewBox, let written = rootViewBox.written, written.quote == UInt8(ascii: "'") {
                return BoxMisread(
                    read: read, actual: actual, reason: "its reader finds viewBox=\"…\" only in double quotes",
                    range: rootViewBox.range,
                    fix: Fix(
                        message: writeViewBox, range: (written.valueRange.lowerBound - 1)..<(written.valueRange.upperBound + 1),
                        replacement: "\"\(rootViewBox.value)\""))
            }
            let rootWidth = root.attribute("width")?.written?.valueRange
            let reason: String
            if let width, width != rootWidth {
                reason = "without a viewBox its reader takes the first width=\"…\" in the file, which is not the <svg>'s"
            } else {
                reason = "without a viewBox its reader takes width=\"…\" and height=\"…\" as plain numbers, or 24"
            }
            let fix =
                rootViewBox == nil ? Fix(message: writeViewBox, range: insertion..<insertion, replacement: " viewBox=\"\(spaced)\"") : nil
            return BoxMisread(read: read, actual: actual, reason: reason, range: width ?? root.range, fix: fix)
        }
    }

    private static func firstEvenOddRange(_ document: SVGDocument, _ paint: SVGPaint) -> Range<Int>? {
        for (index, element) in document.elements.enumerated() where element.name == "path" {
            let style = paint.styles[index]
            guard style.isPainted, style.fills, style.evenOdd else { continue }
            return (element.attribute("fill-rule") ?? element.attribute("d"))?.range ?? element.range
        }
        return nil
    }
}
