import Foundation
import MiniAppKit

/// The entry points the libFuzzer executables in `Fuzz/` drive, one per parser that reads
/// untrusted bytes. They live here, in the library, so the regression tests replay the same
/// code on every input a fuzzer ever found (`Tests/Fixtures/fuzz`), without sanitizers.
///
/// Each target runs the parser and then what consumes its output (the rules, the pack
/// transforms), because a parser that survives but hands a rule an impossible model is a
/// crash all the same. Whatever the input, a target must return: no trap, no hang, no
/// unbounded allocation.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `manifest.json`: the JSON-with-spans parser, the manifest rules and the JSON compaction.
    case json
    /// A data file (no rule reads it): the single-pass JSON compactor against the parse with
    /// positions, which must write the same bytes or both give up.
    case jsonCompact = "json-compact"
    /// A page template: libxml2, the start-tag scanner, Alpine directives and expressions,
    /// element scopes, the template rules against a fixed page script, the HTML transform.
    case template
    /// A page script through the JavaScript lexer, the fact extractor and the script rules.
    case scriptLexer = "script-lexer"
    /// A page script run in JavaScriptCore with the stub globals (slow: one context a run).
    case scriptEngine = "script-engine"
    /// A locale file against a default locale: the i18n rules and placeholder parsing.
    case i18n
    /// An SVG tab icon: the libxml2 SVG checks, librsvg rendering, the icon rules, the SVG transform.
    case svg
    /// A stylesheet: the CSS tokenizer and minifier, and the `url()`/`@import` scanner.
    case css
    /// A directive value through the Alpine CSP expression parser and the `x-for` parser.
    case expression
    /// `.mactl.yml`: Yams and the configuration reader.
    case config
    /// Package bytes through the libzip reader and `mactl inspect`.
    case zip
    /// Package bytes through `mactl verify`: the signing block, digests, entry checks, lint.
    case verify

    /// Runs the target on one input and describes what came out: one line per diagnostic
    /// (`id path:line:column`), transform or verification failure. The fuzzer ignores it; the
    /// regression tests compare it with the expectation committed beside each input.
    @discardableResult
    public func run(_ bytes: [UInt8]) -> [String] {
        switch self {
        case .json: FuzzHarness.json(bytes)
        case .jsonCompact: FuzzHarness.jsonCompact(bytes)
        case .template: FuzzHarness.template(bytes)
        case .scriptLexer: FuzzHarness.scriptLexer(bytes)
        case .scriptEngine: FuzzHarness.scriptEngine(bytes)
        case .i18n: FuzzHarness.i18n(bytes)
        case .svg: FuzzHarness.svg(bytes)
        case .css: FuzzHarness.css(bytes)
        case .expression: FuzzHarness.expression(bytes)
        case .config: FuzzHarness.config(bytes)
        case .zip: FuzzHarness.zip(bytes)
        case .verify: FuzzHarness.verify(bytes)
        }
    }

    /// Which fixture files seed this target's corpus, by name suffix (the fuzz script
    /// collects them from `Tests/Fixtures`, `Examples` and `Templates`).
    public var seedSuffixes: [String] {
        switch self {
        case .json: return ["manifest.json", ".json"]
        case .jsonCompact: return [".json"]
        case .template: return [".html"]
        case .scriptLexer, .scriptEngine: return [".js"]
        case .i18n: return [".json"]
        case .svg: return [".svg"]
        case .css: return [".css"]
        case .expression: return [".expr"]
        case .config: return [".mactl.yml", ".yml", ".yaml"]
        case .zip, .verify: return [".ma", ".zip"]
        }
    }
}

/// The bodies of the fuzz targets. The fixed companions (a manifest, a page script) are
/// small and valid, so the fuzzed file meets the same rules it would in a real project.
package enum FuzzHarness {
    static let manifest = """
        {
          "app_id": "org.example.fuzz",
          "name": "Fuzz",
          "version": { "name": "1.0.0", "code": 1 },
          "platform_version": { "min_code": 1 },
          "lang": "en",
          "pages": ["pages/index/index", "pages/about/about"],
          "icons": [{ "src": "icons/home.svg", "sizes": "any" }],
          "tab_bar": { "tabs": [
            { "page": "pages/index/index", "text": "tab.home", "icon": "icons/home.svg" },
            { "page": "pages/about/about", "text": "tab.about", "icon": "icons/home.svg" }
          ] }
        }
        """

    static let pageScript = """
        Page({
          data: { count: 0, items: [{ id: 1, name: "a" }], user: { name: "x" } },
          onTap() { this.setData({ count: this.data.count + 1 }) },
          onSelect(event) { skip.nav.switchTab({ url: "pages/about/about" }) },
        })
        """

    static let pageTemplate = """
        <!DOCTYPE html>
        <html><head><title>Fuzz</title><link rel="stylesheet" href="../../app.css"><link rel="stylesheet" href="index.css"></head>
        <body x-data="page"><p x-text="store.count"></p><button @click="onTap()" x-text="$t('tab.home')"></button>
        <ul><template x-for="item in store.items" :key="item.id"><li @click="handler('onSelect', item.id)" x-text="item.name"></li></template></ul>
        <span x-text="$t('page.title', { name: store.user.name })"></span></body></html>
        """

    static let secondPage = """
        <!DOCTYPE html>
        <html><head><title>About</title><link rel="stylesheet" href="../../app.css"></head>
        <body x-data="page"><p x-text="$t('tab.about')"></p></body></html>
        """

    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24"><path d="M4 4h16v16H4z" fill="currentColor"/></svg>
        """

    static let defaultLocale = #"{ "tab.home": "Home", "tab.about": "About", "page.title": "Hello {name}" }"#

    /// A clean app (`mactl lint --strict` finds nothing), so what a target reports comes
    /// from the fuzzed file.
    static let baseFiles: [String: String] = [
        "manifest.json": manifest, "app.js": "App({})", "app.css": "body { margin: 0 }",
        "pages/index/index.html": pageTemplate, "pages/index/index.js": pageScript, "pages/index/index.css": "p { color: red }",
        "pages/about/about.html": secondPage, "icons/home.svg": icon, "i18n/en.json": defaultLocale,
    ]

    /// The base project parsed once, with its page script evaluated once: JavaScriptCore
    /// costs milliseconds a run, and the template and lexer targets do not fuzz it.
    package static let baseModel = ProjectModel(project: Project(contents: baseFiles))

    /// Lints the base files named in `kept` with the fuzzed file at `path`. Scripts and icons
    /// are left out unless the target is about them: JavaScriptCore and librsvg cost
    /// milliseconds a run, where the parsers under test cost microseconds.
    static func lint(_ path: String, _ bytes: [UInt8], keeping kept: Set<String>) -> [String] {
        var files = baseFiles.filter { kept.contains($0.key) && $0.key != path }.map { SourceFile(path: $0.key, text: $0.value) }
        files.append(SourceFile(path: path, bytes: bytes))
        return describe(Linter.check(ProjectModel(project: Project(files: files))))
    }

    static func describe(_ result: LintResult) -> [String] {
        result.diagnostics.map { diagnostic in
            guard let span = diagnostic.span else { return diagnostic.id }
            return "\(diagnostic.id) \(span.path):\(span.start.line):\(span.start.column)"
        }
    }

    static func describe(_ transform: TransformResult, of path: String) -> String {
        "\(path): \(transform.transform ?? "shipped as written"), \(transform.bytes.count) bytes"
    }

    static let staticFiles: Set<String> = [
        "manifest.json", "app.css", "pages/index/index.html", "pages/index/index.css", "pages/about/about.html", "i18n/en.json",
    ]

    static func json(_ bytes: [UInt8]) -> [String] {
        lint("manifest.json", bytes, keeping: staticFiles)
            + [describe(PackTransform.apply(to: SourceFile(path: "manifest.json", bytes: bytes)), of: "manifest.json")]
    }

    /// A difference traps, which the fuzzer reports: a refusal of the single pass must come
    /// with the parse's refusal (else a data file is parsed twice for nothing), and an
    /// acceptance with the parse's very bytes.
    static func jsonCompact(_ bytes: [UInt8]) -> [String] {
        let file = SourceFile(path: "assets/data.json", bytes: bytes)
        let singlePass = JSONSinglePassCompactor.compact(bytes)
        let parsed = JSONCompactTransform.compactByParsing(JSONParser.parse(file))
        precondition(singlePass == parsed, "the single-pass JSON compactor and the parse with positions disagree")
        return [describe(PackTransform.apply(to: file), of: file.path)]
    }

    static func template(_ bytes: [UInt8]) -> [String] {
        let file = SourceFile(path: "pages/index/index.html", bytes: bytes)
        let template = TemplateParser.parse(file)
        var model = baseModel
        model.project = Project(files: model.project.files.values.filter { $0.path != file.path } + [file])
        model.pages[0].setTemplate(template)
        model.collectCrossFileFacts()
        return describe(Linter.check(model)) + [describe(PackTransform.apply(to: file), of: file.path)]
    }

    static func scriptLexer(_ bytes: [UInt8]) -> [String] {
        let file = SourceFile(path: "pages/index/index.js", bytes: bytes)
        var model = baseModel
        model.project = Project(files: model.project.files.values.filter { $0.path != file.path } + [file])
        // Registered as a script that ran and registered nothing: the lexer's facts are what
        // the script rules read, and no registration offset can point past the fuzzed file.
        model.pages[0].script = ScriptModel(file: file, registration: ScriptRegistration(), lexed: JavaScriptLexer.lex(file))
        model.collectCrossFileFacts()
        return describe(Linter.check(model))
    }

    /// One evaluator for the process, as the linter keeps one per worker. A short time limit
    /// keeps the executions per second up; the limit itself is what is being exercised.
    static let evaluator = ScriptEvaluator(timeLimitSeconds: 0.1)

    static func scriptEngine(_ bytes: [UInt8]) -> [String] {
        let file = SourceFile(path: "pages/index/index.js", bytes: bytes)
        let lexed = JavaScriptLexer.lex(file)
        let script = ScriptModel(file: file, registration: evaluator.evaluate(file), lexed: lexed)
        var model = baseModel
        model.project = Project(files: model.project.files.values.filter { $0.path != file.path } + [file])
        model.pages[0].script = script
        model.collectCrossFileFacts()
        return describe(Linter.check(model))
    }

    static func i18n(_ bytes: [UInt8]) -> [String] {
        lint("i18n/fr.json", bytes, keeping: staticFiles)
            + Placeholders.occurrences(in: String(decoding: bytes, as: UTF8.self)).map { "placeholder \($0.name)" }
    }

    static func svg(_ bytes: [UInt8]) -> [String] {
        lint("icons/home.svg", bytes, keeping: staticFiles)
            + [describe(PackTransform.apply(to: SourceFile(path: "icons/home.svg", bytes: bytes)), of: "icons/home.svg")]
    }

    static func css(_ bytes: [UInt8]) -> [String] {
        [describe(PackTransform.apply(to: SourceFile(path: "app.css", bytes: bytes)), of: "app.css")]
            + CSSURLScanner.urls(in: bytes).map { "url \($0)" }
    }

    static func expression(_ bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        let expression: String
        switch AlpineExpressionParser.parse(text) {
        case .success: expression = "expression: parsed"
        case .failure(let failure): expression = "expression: \(failure.message) at \(failure.range)"
        }
        return [
            expression,
            "x-for: " + (AlpineForExpression.parse(text) == nil ? "not a loop" : "a loop"),
            "directive: " + (AlpineDirective.parse(attributeName: text) == nil ? "not a directive" : "a directive"),
        ]
    }

    static func config(_ bytes: [UInt8]) -> [String] {
        ConfigurationParser.parse(SourceFile(path: ".mactl.yml", bytes: bytes), knownRuleIDs: RuleRegistry.allIDs).issues.map { issue in
            "\(issue.kind) \(issue.span.start.line):\(issue.span.start.column)"
        }
    }

    static func zip(_ bytes: [UInt8]) -> [String] {
        let reader: ArchiveReader
        do { reader = try ArchiveReader(bytes: bytes) } catch { return [error.message] }
        var lines = reader.entries.prefix(64).map { entry -> String in
            do throws(ArchiveError) {
                return "\(entry.name): \(try reader.read(entry, limit: 1 << 16).count) bytes"
            } catch {
                return error.message
            }
        }
        do throws(ArchiveError) { lines.append(try PackageSummary.inspect(bytes).text()) } catch { lines.append(error.message) }
        return lines
    }

    /// Verifies, and when `verify` accepts the archive, asserts the property it exists for:
    /// libzip reads exactly the entries and bytes the strict reader read, and all of them lie
    /// in the bytes the signature's digest covers. A violation traps, which the fuzzer reports.
    static func verify(_ bytes: [UInt8]) -> [String] {
        let report = PackageVerifier.verify(bytes)
        if report.failures.isEmpty { assertReadersAgree(bytes) }
        var lines = report.failures.map { "\($0.id): \($0.message)" } + report.lint.map { "lint \($0.id)" }
        lines.append(report.signatureVerified ? "signed" : "unsigned")
        return lines
    }

    /// libzip, opened with `ZIP_CHECKCONS` and without, and the runtime's join (every entry to
    /// folder + "/" + name, lexically, the last one on a path winning) read exactly what the
    /// strict reader read; `DifferentialFuzzTests` adds Python's zipfile and `unzip`.
    static func assertReadersAgree(_ bytes: [UInt8]) {
        guard let layout = try? ZipLayout.read(bytes) else {
            preconditionFailure("verify accepted a package the strict reader cannot open")
        }
        for checkConsistency in [true, false] {
            guard let reader = try? ArchiveReader(bytes: bytes, checkConsistency: checkConsistency) else {
                preconditionFailure("verify accepted a package libzip cannot open (checkConsistency \(checkConsistency))")
            }
            precondition(
                reader.entries.map(\.rawName) == layout.entries.map(\.rawName), "libzip and the strict reader list different entries")
            for (seen, strict) in Swift.zip(reader.entries, layout.entries) {
                precondition(strict.dataEnd <= layout.entriesEnd, "entry data outside the signed entries section")
                let strictBytes = try? PackageEntries.data(bytes, strict)
                precondition(
                    strictBytes != nil && (try? reader.read(seen, limit: Limits.fileSize)) == strictBytes,
                    "libzip and the strict reader read different bytes")
            }
        }
        var landed: Set<[UInt8]> = []
        for entry in layout.entries where entry.rawName.last != UInt8(ascii: "/") {
            var depth = 0
            for segment in entry.rawName.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
                precondition(!segment.isEmpty && !segment.elementsEqual([0x2E]), "the runtime's join lands '\(entry.name)' on another name")
                depth += segment.elementsEqual([0x2E, 0x2E]) ? -1 : 1
                precondition(depth >= 0, "the runtime's join writes '\(entry.name)' outside its folder")
            }
            precondition(landed.insert(entry.rawName).inserted, "the runtime's join writes '\(entry.name)' twice")
        }
    }
}
