/// SkipMiniApp's iOS path-data reading (docs/runtimes.md, skip.tab-icon-numbers and skip.tab-icon-commands: `SVGParser.tokenize` and
/// `parseSVGPath`), re-stated: how `d` is cut into tokens, which commands draw, and where the
/// runtime's loop stops advancing.
///
/// The runtime reads a number with `Double(token)`; a token that is not one yields 0 without
/// moving on, and a loop that expects numbers (`L`, `C`, … and the `L` an `M`'s extra pairs
/// become) then spins forever. Here each pass checks that it advanced; where it did not, the
/// place is recorded as a hang and the token is replaced by the numbers SVG reads in it (or
/// dropped), so reading goes on.
struct IOSPathParser {
    typealias Point = IOSTabIconReader.Point

    struct Token {
        var text: String
        var range: Range<Int>
        /// A single letter: the runtime takes it as a command.
        var isCommand: Bool { text.count == 1 && text.first!.isLetter }
        /// What the runtime's `hasMoreNumbers` accepts: anything not starting with a letter.
        var looksLikeNumber: Bool { text.first?.isLetter != true }
    }

    /// The tokens still to read, last first: reading pops, and a hang puts the written-out
    /// numbers back in one step, however long the path.
    private var remaining: [Token]
    /// Tokens read so far: a pass that reads none (and records no hang) is where the runtime
    /// would spin.
    private var consumed = 0
    private(set) var segments: [IOSTabIconReader.Segment] = []
    private(set) var skippedCommands: [IOSTabIconReader.SkippedCommand] = []
    private(set) var hangs: [IOSTabIconReader.Hang] = []
    /// `S`/`s` commands whose first control point the runtime reflects from a curve that is not
    /// the previous segment (it keeps the last control point across a move or a quadratic,
    /// where SVG starts the curve at the current point).
    private(set) var staleReflections: [IOSTabIconReader.SkippedCommand] = []
    private var commandRange: Range<Int> = 0..<0
    private var previousWasCubic = false

    private var current = Point(x: 0, y: 0)
    private var subpathStart = Point(x: 0, y: 0)
    private var lastControl: Point?
    private var command: Character = " "

    init(tokens: [Token]) {
        remaining = tokens.reversed()
    }

    /// Letters other than `e`/`E` are tokens of their own; commas and the five whitespace
    /// characters separate; a `-` starts a new token unless it follows an exponent. A second
    /// `.` does not separate, and neither does a CRLF (one `Character`, equal to neither).
    static func tokenize(_ text: CharacterText, _ range: Range<Int>) -> [Token] {
        var tokens: [Token] = []
        var start: Int?
        func flush(before end: Int) {
            if let first = start {
                tokens.append(Token(text: String(text.characters[first..<end]), range: text.byteRange(first..<end)))
                start = nil
            }
        }
        for position in range {
            let character = text.characters[position]
            if character.isLetter, character != "e", character != "E" {
                flush(before: position)
                tokens.append(Token(text: String(character), range: text.byteRange(position..<(position + 1))))
            } else if character == "," || character == " " || character == "\n" || character == "\r" || character == "\t" {
                flush(before: position)
            } else if character == "-", start != nil, text.characters[position - 1] != "e", text.characters[position - 1] != "E" {
                flush(before: position)
                start = position
            } else if start == nil {
                start = position
            }
        }
        flush(before: range.upperBound)
        return tokens
    }

    mutating func run() {
        while let token = remaining.last {
            let passStart = consumed
            let hangsBefore = hangs.count
            if token.isCommand {
                advance()
                command = token.text.first!
                commandRange = token.range
            } else if command == "M" {
                command = "L"
            } else if command == "m" {
                command = "l"
            }
            switch command {
            case "M", "m":
                let x = number(), y = number()
                current = command == "M" ? Point(x: x, y: y) : Point(x: current.x + x, y: current.y + y)
                subpathStart = current
                segments.append(.move(current))
                previousWasCubic = false
            case "L", "l", "H", "h", "V", "v", "C", "c", "S", "s", "Q", "q":
                drawWhileNumbers()
            case "Z", "z":
                segments.append(.close)
                previousWasCubic = false
                current = subpathStart
                lastControl = nil
            default:
                // `A a T t` and any other letter: one token skipped per pass, nothing drawn.
                if token.isCommand { skippedCommands.append(.init(letter: token.text.first!, range: token.range)) }
                if remaining.last != nil { advance() }
                lastControl = nil
            }
            if consumed == passStart, hangs.count == hangsBefore, !remaining.isEmpty {
                // The runtime would run this pass again, forever: `Z` takes no number, and a
                // token starting with `e` is neither a command nor a number to the loops.
                recordHang(cause: command == "Z" || command == "z" ? .numberAfterClose : .exponentWithoutDigits)
            }
        }
    }

    /// The runtime's `L`…`q` cases: repeat while the next token does not start with a letter.
    private mutating func drawWhileNumbers() {
        defer {
            // The runtime clears it after the loop, even when the loop did not run.
            if "lhvLHV".contains(command) { lastControl = nil }
        }
        while remaining.last?.looksLikeNumber == true {
            let relative = command.isLowercase
            let origin = relative ? current : Point(x: 0, y: 0)
            func point() -> Point {
                let x = number(), y = number()
                return Point(x: origin.x + x, y: origin.y + y)
            }
            switch command.lowercased() {
            case "l":
                current = point()
                segments.append(.line(current))
            case "h":
                current = Point(x: origin.x + number(), y: current.y)
                segments.append(.line(current))
            case "v":
                current = Point(x: current.x, y: origin.y + number())
                segments.append(.line(current))
            case "c":
                let first = point(), second = point(), end = point()
                segments.append(.cubic(first, second, end))
                current = end
                lastControl = second
            case "s":
                if lastControl != nil, !previousWasCubic, staleReflections.last?.range != commandRange {
                    staleReflections.append(.init(letter: command, range: commandRange))
                }
                let first = lastControl.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
                let second = point(), end = point()
                segments.append(.cubic(first, second, end))
                current = end
                lastControl = second
            default:  // "q"
                let control = point(), end = point()
                segments.append(.quad(control, end))
                current = end
                lastControl = control
            }
            previousWasCubic = "cs".contains(command.lowercased())
        }
    }

    /// The runtime's `nextNum`: 0 without advancing when the token is not a number. A token
    /// that starts like a number but is not one is where the runtime hangs: every loop that
    /// reads numbers meets it again (an `M`'s next pass becomes an `L`), and none moves past.
    private mutating func number() -> Double {
        while let token = remaining.last, token.looksLikeNumber {
            if let value = Double(token.text) {
                advance()
                return value
            }
            recordHang(cause: .unparseableNumber)
        }
        return 0
    }

    private mutating func advance() {
        remaining.removeLast()
        consumed += 1
    }

    /// Records a hang at the next token and replaces it as described above.
    private mutating func recordHang(cause: IOSTabIconReader.Hang.Cause) {
        let token = remaining.removeLast()
        let numbers = cause == .numberAfterClose ? nil : SVGNumberList.numbers(in: token.text)
        hangs.append(.init(cause: cause, token: token.text, range: token.range, writtenOut: numbers?.joined(separator: " ")))
        if cause == .numberAfterClose {
            // Read on as if every number after the `Z` were gone: one place, one finding.
            while let next = remaining.last, !next.isCommand { remaining.removeLast() }
            return
        }
        remaining.append(contentsOf: (numbers ?? []).reversed().map { Token(text: $0, range: token.range) })
    }
}

/// Numbers as SVG's path grammar reads them from one run of characters: `.5.5` is `.5` and
/// `.5`, `1.2.3` is `1.2` and `.3`; whitespace (a CRLF included) separates.
enum SVGNumberList {
    /// The numbers as written, or nil when something in the text is not part of one.
    static func numbers(in text: String) -> [String]? {
        var scanner = SVGPathData.Scanner(Array(text.utf8))
        var numbers: [String] = []
        scanner.skipSeparators()
        while !scanner.isAtEnd {
            guard let number = scanner.numberText() else { return nil }
            numbers.append(number)
        }
        return numbers.isEmpty ? nil : numbers
    }
}
