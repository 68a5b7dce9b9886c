/// The bounds mactl keeps to whatever it reads, in one place. Files come from anywhere (a
/// package from a store, a pull request from a stranger), so every reader stops at a limit
/// instead of trusting a size or a depth it was given, and says which limit it hit and its
/// value. `docs/limits.md` is generated from `documented`.
public enum Limits {
    /// The largest file `lint` reads from a project folder; a bigger one is reported
    /// (`project-file-too-large`) and not read. Also the most one package entry may inflate to.
    public static let fileSize = 64 * 1024 * 1024

    /// The deepest nesting of arrays and objects in a JSON file (`json-too-deep`): the
    /// parser recurses, and no manifest or locale file needs more than a handful of levels.
    public static let jsonNesting = 128

    /// The deepest element of a template. libxml2's own limit (`xmlParserMaxDepth`, 256,
    /// checked before each push): 257 elements nest and the 258th stops the parse, reported
    /// as `template-markup-error`.
    public static let htmlNesting = 257

    /// The most markup errors kept for one template; more are counted, not kept, so a
    /// binary file named `.html` cannot fill memory with diagnostics.
    public static let templateIssues = 100

    /// The deepest nesting of brackets and operators in one directive expression
    /// (`template-unsupported-expression`).
    public static let expressionNesting = 64

    /// "Did you mean" suggestions are looked for only for names up to this many characters...
    public static let suggestionNameLength = 64

    /// ...and among at most this many known names. Each lookup costs at most
    /// `suggestionCandidates` × 9 × `suggestionNameLength` steps, so a file with thousands of
    /// misspelt names is still linted in seconds; real pages have tens of handlers and keys.
    public static let suggestionCandidates = 256

    /// How long a logic-layer script may run while it loads, in seconds; a script still
    /// running then is stopped (`script-load-error`).
    public static let scriptSeconds: Double = 1

    /// How long one step of `lint`'s smoke run (opening a page, firing one binding, running a
    /// page's timers) may run, in seconds; a step still running then is reported
    /// (`run-timeout`) and the run stops.
    public static let smokeStepSeconds: Double = 2

    /// The most steps one smoke run takes; the pages after are not run.
    public static let smokeSteps = 20000

    /// The largest script mactl runs and analyses (`script-load-error` beyond it). Platforms
    /// cap whole packages at a few megabytes, so a bigger script can ship nowhere; and its
    /// tokens alone would take gigabytes (a 50 MB script took 3.6 GB and two minutes).
    public static let scriptSize = 16 * 1024 * 1024

    /// The longest JSON text of a page's `data` that mactl keeps to know what the first render
    /// shows (the `x-model` rules); a longer one is treated as unknown. Real pages start with
    /// a few keys; a script can build megabytes at load time, and the text crosses from
    /// JavaScriptCore to Swift as a string inside a string.
    public static let pageDataText = 1024 * 1024

    /// Icons above this size are not rendered (`icon-not-rendered`): librsvg cannot be
    /// interrupted once it starts.
    public static let iconRenderBytes = 256 * 1024

    /// Icons with more text than this are not rendered: long text renders slowly in librsvg
    /// (20,000 characters took 46 s here), and icons need none.
    public static let iconRenderText = 1_000

    /// The most a package may inflate to in all, for `verify`.
    public static let packageUncompressedSize = 512 * 1024 * 1024

    /// The highest compression ratio `verify` accepts for an entry that inflates to more than
    /// `compressionRatioFloor` bytes: real images and scripts compress 2 to 20 times, a zip
    /// bomb thousands of times.
    public static let compressionRatio = 200

    /// Entries up to this size are exempt from `compressionRatio`: a small run of zeros may
    /// compress very well and harms nobody.
    public static let compressionRatioFloor = 1024 * 1024

    /// The largest package `pack` writes and `verify` and `inspect` read. Platforms cap
    /// packages at a few megabytes (WeChat at 2 MB a package, 20 MB an app); this is far above
    /// that and far below ZIP64's threshold, and `verify` checks a file's size against it
    /// before reading a byte, so a 1 GiB file is refused without being read.
    public static let packageSize = 256 * 1024 * 1024

    /// The most files a package holds without ZIP64.
    public static let packageEntries = Int(UInt16.max)

    /// The most connections `serve` and `catalog serve` hold open; more wait in the listen
    /// queue, so a client that opens thousands cannot take thousands of descriptors.
    public static let serverConnections = 512

    /// A connection that sends nothing for this long is closed, a half-sent head included.
    public static let serverIdleSeconds = 20

    /// The largest request head (the target and every header); larger gets 400.
    public static let serverRequestHead = 32 * 1024

    /// The most header fields in one request; more gets 400.
    public static let serverHeaderFields = 100

    /// The largest request body `mactl serve` reads (an event from the page); larger gets 413.
    public static let previewRequestBody = 1024 * 1024

    /// How long a stopping server lets the requests in flight finish before it cuts them.
    public static let serverShutdownSeconds = 5

    /// One row of `docs/limits.md`.
    public struct Documented: Sendable {
        public var name: String
        public var value: String
        public var meaning: String
    }

    /// Every limit with its value and what happens at it, for `docs/limits.md`.
    public static let documented: [Documented] = [
        Documented(
            name: "fileSize", value: ByteSize.format(fileSize),
            meaning: "largest project file `lint` reads (`project-file-too-large`), and largest package entry `verify` inflates"),
        Documented(name: "jsonNesting", value: "\(jsonNesting) levels", meaning: "deepest JSON nesting (`json-too-deep`)"),
        Documented(
            name: "htmlNesting", value: "\(htmlNesting) elements",
            meaning: "deepest template element libxml2 builds; the parse stops there (`template-markup-error`)"),
        Documented(name: "templateIssues", value: "\(templateIssues)", meaning: "markup errors kept per template; the rest are counted"),
        Documented(
            name: "expressionNesting", value: "\(expressionNesting) levels",
            meaning: "deepest directive expression (`template-unsupported-expression`)"),
        Documented(
            name: "suggestionNameLength", value: "\(suggestionNameLength) characters",
            meaning: "longest name given a \"did you mean\" suggestion"),
        Documented(
            name: "suggestionCandidates", value: "\(suggestionCandidates) names", meaning: "most known names compared for one suggestion"),
        Documented(
            name: "scriptSeconds", value: "\(Int(scriptSeconds)) s", meaning: "time a script may run while it loads (`script-load-error`)"),
        Documented(
            name: "smokeStepSeconds", value: "\(Int(smokeStepSeconds)) s",
            meaning: "time one step of `lint`'s smoke run may take (`run-timeout`)"),
        Documented(
            name: "smokeSteps", value: "\(smokeSteps) steps",
            meaning: "most steps of one smoke run (opening a page, firing a binding, a page's timers)"),
        Documented(
            name: "scriptSize", value: ByteSize.format(scriptSize), meaning: "largest script run and analysed (`script-load-error`)"),
        Documented(
            name: "pageDataText", value: "\(pageDataText) characters",
            meaning:
                "longest JSON text of a page's `data` kept for what the first render shows; longer is unknown (the `x-model` rules warn instead of erring)"
        ),
        Documented(
            name: "iconRenderBytes", value: ByteSize.format(iconRenderBytes),
            meaning: "largest icon rendered with librsvg (`icon-not-rendered`)"),
        Documented(
            name: "iconRenderText", value: "\(iconRenderText) characters",
            meaning: "most text in an icon rendered with librsvg (`icon-not-rendered`)"),
        Documented(
            name: "packageUncompressedSize", value: ByteSize.format(packageUncompressedSize),
            meaning: "most a package may inflate to in all (`verify`)"),
        Documented(
            name: "compressionRatio", value: "\(compressionRatio):1",
            meaning: "highest ratio of an entry over `compressionRatioFloor` (`verify`: a zip bomb)"),
        Documented(
            name: "compressionRatioFloor", value: ByteSize.format(compressionRatioFloor),
            meaning: "entries up to this size are exempt from `compressionRatio`"),
        Documented(
            name: "packageSize", value: ByteSize.format(packageSize),
            meaning: "largest package `pack` writes and `verify`/`inspect` read; checked on the file's size before reading"),
        Documented(
            name: "packageEntries", value: "\(packageEntries) files", meaning: "most files in a package without ZIP64 (`pack` refuses more)"
        ),
        Documented(
            name: "serverConnections", value: "\(serverConnections)",
            meaning: "open connections `serve` and `catalog serve` hold; more wait to be accepted"),
        Documented(
            name: "serverIdleSeconds", value: "\(serverIdleSeconds) s", meaning: "a connection silent this long is closed, mid-request too"),
        Documented(
            name: "serverRequestHead", value: ByteSize.format(serverRequestHead),
            meaning: "largest request head the servers read (`400` beyond)"),
        Documented(
            name: "serverHeaderFields", value: "\(serverHeaderFields) fields", meaning: "most header fields in a request (`400` beyond)"),
        Documented(
            name: "previewRequestBody", value: ByteSize.format(previewRequestBody),
            meaning: "largest request body `mactl serve` reads (`413` beyond)"),
        Documented(
            name: "serverShutdownSeconds", value: "\(serverShutdownSeconds) s",
            meaning: "time a stopping server gives the requests in flight"),
    ]
}
