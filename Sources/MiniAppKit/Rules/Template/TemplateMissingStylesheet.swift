/// A page template that does not `<link>` the app's `app.css` or its own `<route>.css`, under a
/// runtime that injects no stylesheet.
public struct TemplateMissingStylesheet: Rule {
    public static let description = RuleDescription(
        id: "template-missing-stylesheet", domain: .template, severity: .warning,
        summary: "A page template does not link 'app.css' or the page's own stylesheet, and the runtime injects neither.",
        rationale: """
            SkipMiniApp loads each page's `.html` as it is and injects no CSS: `app.css` and the \
            page's `<route>.css` apply only through a `<link rel="stylesheet">` in the page's \
            template. A page that does not link them renders unstyled on the device, although it \
            may look right in a host that injects them. Each missing file is reported once, with \
            the `href` to add relative to the page. A stylesheet with no rule (only comments or \
            whitespace, or empty) needs no link; a link in another spelling of the same path, or \
            an `@import` from a linked stylesheet, counts. Silent under the `w3c` profile, which \
            leaves styling to the host.
            """,
        runtimeFacts: ["skip.css-not-injected"],
        triggering: [
            .file(
                "pages/index/index.html",
                "<!DOCTYPE html>\n<html>\n1️⃣<head>\n  <meta charset=\"utf-8\">\n</head>\n<body x-data=\"page\">\n  <p x-text=\"store.title\"></p>\n</body>\n</html>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "the page does not link 'app.css', and the runtime injects no stylesheet; add <link rel=\"stylesheet\" href=\"../../app.css\">"
                    )
                    .fixIt("\n  <link rel=\"stylesheet\" href=\"../../app.css\">")
                ]),
            RuleExample(
                files: [
                    (
                        "pages/index/index.html",
                        "1️⃣<body x-data=\"page\">\n  <link rel=\"stylesheet\" href=\"../../app.css\">\n  <p x-text=\"store.title\"></p>\n</body>\n"
                    ),
                    ("pages/index/index.css", "p { color: gray; }\n"),
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "the page does not link its stylesheet 'pages/index/index.css', and the runtime injects no stylesheet; add <link rel=\"stylesheet\" href=\"index.css\">"
                    )
                ]),
            // The page's own stylesheet goes after 'app.css', which it overrides.
            RuleExample(
                files: [
                    (
                        "pages/index/index.html",
                        "<!DOCTYPE html>\n<html>\n1️⃣<head>\n  <meta charset=\"utf-8\">\n  <link rel=\"stylesheet\" href=\"../../app.css\">\n</head>\n<body x-data=\"page\">\n  <p x-text=\"store.title\"></p>\n</body>\n</html>\n"
                    ),
                    ("pages/index/index.css", "p { color: gray; }\n"),
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "the page does not link its stylesheet 'pages/index/index.css', and the runtime injects no stylesheet; add <link rel=\"stylesheet\" href=\"index.css\">"
                    )
                    .fixIt("\n  <link rel=\"stylesheet\" href=\"index.css\">")
                ]),
        ],
        nonTriggering: [
            // Linked in another spelling, and the page's own stylesheet holds only a comment.
            RuleExample(files: [
                (
                    "pages/index/index.html",
                    "<head><link rel=\"stylesheet\" href=\"./../index/../../app.css\"></head>\n<body x-data=\"page\"><p x-text=\"store.title\"></p></body>\n"
                ),
                ("pages/index/index.css", "/* nothing yet */\n"),
            ]),
            // Reached through an @import in the page's linked stylesheet.
            RuleExample(files: [
                (
                    "pages/index/index.html",
                    "<head><link rel=\"stylesheet\" href=\"index.css\"></head>\n<body x-data=\"page\"><p x-text=\"store.title\"></p></body>\n"
                ),
                ("pages/index/index.css", "@import \"../../app.css\";\np { color: gray; }\n"),
            ]),
            // The W3C profile leaves styling to the host.
            RuleExample(
                files: [("pages/index/index.html", "<body x-data=\"page\">\n  <p x-text=\"store.title\"></p>\n</body>\n")],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard model.runtime.stylesheetsMustBeLinked else { return [] }
        let appStyle = Self.hasRules(model, "app.css") ? "app.css" : nil
        return model.pages.flatMap { page -> [Finding] in
            // A zero-byte template the runtime skips is `project-empty-file`'s.
            guard let template = page.template, !model.isSkippedAsEmpty(page.templatePath) else { return [] }
            let ownPath = page.route + ".css"
            let wanted = [appStyle, Self.hasRules(model, ownPath) ? ownPath : nil].compactMap { $0 }
            guard !wanted.isEmpty else { return [] }
            let linked = Self.linkedStylesheets(of: template, at: page.templatePath, in: model)
            return wanted.filter { !linked.contains($0) }.map { path in
                let href = Self.relativeHref(to: path, from: page.templatePath)
                let what = path == "app.css" ? "'app.css'" : "its stylesheet '\(path)'"
                return Finding(
                    "the page does not link \(what), and the runtime injects no stylesheet; add <link rel=\"stylesheet\" href=\"\(href)\">",
                    at: template.span(Self.anchor(in: template)), fixIt: Self.insertion(of: href, in: template, last: path != "app.css"))
            }
        }
    }

    /// Whether the stylesheet exists and holds something besides comments and whitespace
    /// (and a byte order mark, which the CSS tokenizer would read as a name).
    static func hasRules(_ model: ProjectModel, _ path: String) -> Bool {
        guard let bytes = model.project.file(path)?.bytes else { return false }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        return !CSSTokenizer.significantTokens(of: body).isEmpty
    }

    /// The package paths of the stylesheets the page links, and those they `@import` (from the
    /// model's asset references, which already hold every stylesheet's `url()`s and imports).
    static func linkedStylesheets(of template: PageTemplate, at templatePath: String, in model: ProjectModel) -> Set<String> {
        var pending: [String] = []
        for element in template.elements where isStylesheetLink(element, in: template) {
            guard let href = template.attribute(named: "href", of: element)?.value,
                let path = AssetReferences.resolve(href, from: templatePath)
            else {
                continue
            }
            pending.append(path)
        }
        var linked: Set<String> = []
        while let path = pending.popLast() {
            guard linked.insert(path).inserted, model.project.contains(path) else { continue }
            pending += model.assetReferences.filter { $0.source == path && $0.path.hasSuffix(".css") }.map(\.path)
        }
        return linked
    }

    /// `<link rel="stylesheet">`, whatever else `rel` lists.
    static func isStylesheetLink(_ element: TemplateElement, in template: PageTemplate) -> Bool {
        element.name == "link"
            && (template.attribute(named: "rel", of: element)?.value ?? "").lowercased().split(whereSeparator: \.isWhitespace).contains(
                "stylesheet")
    }

    /// `../../app.css` from `pages/home/home.html`; `home.css` for the page's own stylesheet.
    static func relativeHref(to path: String, from templatePath: String) -> String {
        let base = templatePath.split(separator: "/").dropLast()
        let target = path.split(separator: "/")
        var common = 0
        while common < base.count, common < target.count - 1, base[base.startIndex + common] == target[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...].map(String.init)).joined(separator: "/")
    }

    /// Where the finding points: the `<head>` start tag, else the first element, else 1:1.
    static func anchor(in template: PageTemplate) -> Range<Int> {
        if let head = template.elements.first(where: { $0.name == "head" && $0.hasSourceTag }) { return head.range }
        if let first = template.elements.first(where: \.hasSourceTag) { return first.range }
        return 0..<0
    }

    /// Inserts the link right after `<head>`, indented as the head's first child (or one step
    /// deeper than the head); no fix-it without a `<head>` in the source. With `last` (the
    /// page's own stylesheet), after the stylesheets the head already links, so that it comes
    /// after 'app.css' in the cascade and overrides it, also when `lint --fix` adds both.
    static func insertion(of href: String, in template: PageTemplate, last: Bool) -> FixIt? {
        guard let headIndex = template.elements.firstIndex(where: { $0.name == "head" && $0.hasSourceTag }) else { return nil }
        let head = template.elements[headIndex]
        let bytes = template.file.bytes
        func indentation(of offset: Int) -> [UInt8]? {
            var start = offset
            while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
            let prefix = bytes[start..<offset]
            return prefix.allSatisfy { $0 == 0x20 || $0 == 0x09 } ? Array(prefix) : nil
        }
        if last,
            let previous = template.children(of: headIndex).map({ template.elements[$0] })
                .last(where: { isStylesheetLink($0, in: template) && $0.hasSourceTag })
        {
            let at = template.span(previous.range.upperBound..<previous.range.upperBound)
            let link = "<link rel=\"stylesheet\" href=\"\(href)\">"
            guard let indent = indentation(of: previous.range.lowerBound) else {
                return FixIt(message: "link '\(href)'", span: at, replacement: link)
            }
            return FixIt(message: "link '\(href)'", span: at, replacement: "\n" + String(decoding: indent, as: UTF8.self) + link)
        }
        let child = head.firstChild.map { template.elements[$0] }.flatMap { $0.hasSourceTag ? $0 : nil }
        let indent: String
        if let child, let childIndent = indentation(of: child.range.lowerBound) {
            indent = String(decoding: childIndent, as: UTF8.self)
        } else if child == nil || indentation(of: head.range.lowerBound) != nil {
            indent = String(decoding: indentation(of: head.range.lowerBound) ?? [], as: UTF8.self) + "  "
        } else {
            return FixIt(
                message: "link '\(href)'", span: template.span(head.range.upperBound..<head.range.upperBound),
                replacement: "<link rel=\"stylesheet\" href=\"\(href)\">")
        }
        return FixIt(
            message: "link '\(href)'", span: template.span(head.range.upperBound..<head.range.upperBound),
            replacement: "\n\(indent)<link rel=\"stylesheet\" href=\"\(href)\">")
    }
}
