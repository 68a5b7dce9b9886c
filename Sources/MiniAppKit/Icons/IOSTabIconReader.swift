/// Reads a tab icon the way SkipMiniApp's iOS tab bar does (docs/runtimes.md, skip.tab-icon-box, skip.tab-icon-paths: `SVGIcon`'s
/// `SVGParser`): not as XML but as text, by searching for literal markers. What it yields is
/// what the phone fills: the paths whose `d` it finds, in the box it reads.
///
/// It follows the runtime's reading step by step, on Swift `Character`s as the runtime does
/// (so a CRLF inside a number is part of the number, as there), with one difference: where
/// the runtime's path loop stops advancing and never returns, this reader records the place
/// as a `Hang` and reads on as if the number had been written out, so one lint shows every
/// place that hangs, and what the icon looks like once they are fixed.
public enum IOSTabIconReader {
    /// A point in the icon's own coordinates (`CGFloat` is `Double` on iOS devices).
    public struct Point: Sendable, Equatable {
        public var x: Double
        public var y: Double
    }

    public enum Segment: Sendable, Equatable {
        case move(Point)
        case line(Point)
        case cubic(Point, Point, Point)
        case quad(Point, Point)
        case close
    }

    /// The box the paths are fitted into (aspect-fit, centred), in icon coordinates.
    public struct Box: Sendable, Equatable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        public static let fallback = Box(x: 0, y: 0, width: 24, height: 24)
    }

    public enum BoxSource: Sendable, Equatable {
        /// Four numbers read from the first `viewBox="…"` in the file.
        case viewBox(value: Range<Int>)
        /// A `viewBox="…"` whose value did not split into four numbers on single spaces: 24×24.
        case unreadableViewBox(value: Range<Int>)
        /// No `viewBox="`: the first `width="` and `height="` anywhere in the file, or 24 for
        /// one that is missing or not a plain number.
        case size(width: Range<Int>?, height: Range<Int>?)
    }

    /// A command letter the reader does not draw (`A a T t`, or any other letter): it and the
    /// numbers after it are skipped, and the next command starts where this one started.
    public struct SkippedCommand: Sendable, Equatable {
        public var letter: Character
        public var range: Range<Int>
    }

    /// A place where the runtime's path loop stops advancing: the app hangs drawing the icon.
    public struct Hang: Sendable, Equatable {
        public enum Cause: Sendable, Equatable {
            /// A token that is not a number (`.5.5`, `1.2.3`, `1e`), read where numbers go.
            case unparseableNumber
            /// A number right after `Z`, which takes none.
            case numberAfterClose
            /// A token that starts with `e` or `E` where a number goes.
            case exponentWithoutDigits
        }

        public var cause: Cause
        public var token: String
        public var range: Range<Int>
        /// The token written out as the numbers SVG reads in it (`.5 .5`), when it is only numbers.
        public var writtenOut: String?
    }

    public struct FoundPath: Sendable, Equatable {
        /// The bytes of the `d` value the reader took, between its quotes.
        public var value: Range<Int>
        public var segments: [Segment]
        public var skippedCommands: [SkippedCommand]
        /// Smooth cubic curves that bend from a control point SVG would not use.
        public var staleReflections: [SkippedCommand]
    }

    public struct Reading: Sendable, Equatable {
        /// False when the file is not UTF-8: the runtime reads nothing and the icon is blank.
        public var isUTF8: Bool
        public var box: Box
        public var boxSource: BoxSource
        public var paths: [FoundPath]
        public var hangs: [Hang]
    }

    /// The runtime's three markers, searched one after the other.
    static let pathMarkers = [" d=\"", "\"d=\"", "\td=\""]

    public static func read(_ bytes: [UInt8]) -> Reading {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return Reading(isUTF8: false, box: .fallback, boxSource: .size(width: nil, height: nil), paths: [], hangs: [])
        }
        let characters = CharacterText(text)
        let (box, boxSource) = readBox(characters)
        var paths: [FoundPath] = []
        var hangs: [Hang] = []
        for marker in pathMarkers.map(Array.init) {
            var searchStart = 0
            while let found = characters.firstIndex(of: marker, from: searchStart) {
                let valueStart = found + marker.count
                guard let valueEnd = characters.firstIndex(of: ["\""], from: valueStart) else { break }
                var parser = IOSPathParser(tokens: IOSPathParser.tokenize(characters, valueStart..<valueEnd))
                parser.run()
                paths.append(
                    FoundPath(
                        value: characters.byteRange(valueStart..<valueEnd), segments: parser.segments,
                        skippedCommands: parser.skippedCommands,
                        staleReflections: parser.staleReflections))
                hangs.append(contentsOf: parser.hangs)
                searchStart = valueEnd
            }
        }
        return Reading(
            isUTF8: true, box: box, boxSource: boxSource, paths: paths, hangs: hangs.sorted { $0.range.lowerBound < $1.range.lowerBound })
    }

    private static func readBox(_ characters: CharacterText) -> (Box, BoxSource) {
        let marker = Array("viewBox=\"")
        guard let found = characters.firstIndex(of: marker, from: 0) else {
            let width = attributeNumber("width", characters)
            let height = attributeNumber("height", characters)
            return (
                Box(x: 0, y: 0, width: width?.value ?? 24, height: height?.value ?? 24),
                .size(width: width?.value == nil ? nil : width?.range, height: height?.value == nil ? nil : height?.range)
            )
        }
        let start = found + marker.count
        guard let end = characters.firstIndex(of: ["\""], from: start) else {
            return (.fallback, .unreadableViewBox(value: characters.byteRange(start..<characters.count)))
        }
        // Split on single spaces only, empty pieces dropped, pieces that are not numbers
        // dropped: "0,0,48,48" is one piece that is not a number.
        let numbers = String(characters.characters[start..<end]).split(separator: " ").compactMap { Double($0) }
        guard numbers.count >= 4 else { return (.fallback, .unreadableViewBox(value: characters.byteRange(start..<end))) }
        return (
            Box(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]), .viewBox(value: characters.byteRange(start..<end))
        )
    }

    /// The first `name="…"` anywhere in the file, as the runtime's `parseAttribute` finds it:
    /// `stroke-width="2"` holds `width="` too. `value` is nil when it is not a plain number.
    private static func attributeNumber(_ name: String, _ characters: CharacterText) -> (value: Double?, range: Range<Int>)? {
        let marker = Array(name + "=\"")
        guard let found = characters.firstIndex(of: marker, from: 0) else { return nil }
        let start = found + marker.count
        guard let end = characters.firstIndex(of: ["\""], from: start) else { return nil }
        return (Double(String(characters.characters[start..<end])), characters.byteRange(start..<end))
    }
}

/// A text as Swift `Character`s with the byte offset of each, so what the runtime finds by
/// characters can be reported by position.
struct CharacterText {
    var characters: [Character]
    /// `offsets[i]` is the first byte of `characters[i]`; one more entry for the end.
    var offsets: [Int]

    init(_ text: String) {
        characters = []
        offsets = []
        var offset = 0
        for character in text {
            characters.append(character)
            offsets.append(offset)
            offset += character.utf8.count
        }
        offsets.append(offset)
    }

    var count: Int { characters.count }

    func byteRange(_ range: Range<Int>) -> Range<Int> { offsets[range.lowerBound]..<offsets[range.upperBound] }

    func firstIndex(of pattern: [Character], from start: Int) -> Int? {
        guard let first = pattern.first, start <= characters.count - pattern.count else { return nil }
        var index = start
        let last = characters.count - pattern.count
        while index <= last {
            if characters[index] == first, characters[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }
}
