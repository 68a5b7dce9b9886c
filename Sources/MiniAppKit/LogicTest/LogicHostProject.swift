import Foundation

/// What the logic-layer host is given of a project, as JSON: the manifest, every script and
/// locale file as text, the file list, and each page template's elements with their Alpine
/// bindings already parsed (by the same parser the template rules use), so a test's
/// `page.tap('Save')` goes through the binding the view would use.
enum LogicHostProject {
    /// Files under this folder are tests, not part of the app.
    static let testsFolder = ProjectModel.testsFolder

    /// How much of each template the host is given.
    enum ViewDetail {
        /// Every element with its text and attributes: a test finds elements by selector or by
        /// the text they show, and `mactl serve` shows them.
        case everyElement
        /// What the smoke run acts on (`pageSteps` in `smoke.js`), nothing else: the elements
        /// with an event binding, `x-init`, `x-model` or `disabled`, and their ancestors whose
        /// `x-if`, `x-show`, `x-for` or inert `<template>` decide whether and how often they
        /// render, with the attributes an event's target reads. The rest of a template is
        /// static markup the run never looks at, and most of a large app's bytes.
        case smokeRun
    }

    static func json(_ model: ProjectModel, views detail: ViewDetail = .everyElement) -> String {
        let project = model.project
        let appPaths = project.paths.filter { !$0.hasPrefix(testsFolder) }
        var scripts: [(String, JSONOutput)] = []
        var locales: [(String, JSONOutput)] = []
        var views: [(String, JSONOutput)] = []
        // The pages' templates and directives as the model parsed them; other templates are parsed here.
        var parsed: [String: (PageTemplate, [DirectiveUse])] = [:]
        for page in model.pages { if let template = page.template { parsed[page.route] = (template, page.directives) } }
        var expressions = ExpressionTable()
        for path in appPaths {
            guard let file = project.file(path) else { continue }
            if path.hasSuffix(".js") { scripts.append((path, .string(file.text))) }
            if let tag = LocaleCatalog.tag(forPath: path) { locales.append((tag, .string(file.text))) }
            if path.hasSuffix(".html") {
                let route = String(path.dropLast(5))
                let (template, directives) =
                    parsed[route]
                    ?? {
                        let template = TemplateParser.parse(file); return (template, DirectiveAnalysis.uses(in: template))
                    }()
                views.append(
                    (
                        route,
                        .object([
                            ("file", .string(path)),
                            ("reads", .array(storeKeysShown(by: directives).map(JSONOutput.string))),
                            ("elements", elements(of: template, directives: directives, detail: detail, expressions: &expressions)),
                        ])
                    ))
            }
        }
        // Built as `JSONOutput`, members in a fixed order: `JSONSerialization` with sorted keys
        // compared every key through ICU, most of a lint of a large app.
        let root = JSONOutput.object([
            ("manifest", manifest(of: model)),
            ("files", .array(appPaths.map(JSONOutput.string))),
            ("scripts", .object(scripts)),
            ("locales", .object(locales)),
            ("views", .object(views)),
            ("expressions", .array(expressions.asts)),
            // The host app lists the i18n module when the app has locale files to read.
            ("i18nModule", .bool(!locales.isEmpty)),
            (
                "queries",
                .object(
                    navigationQueries(model).sorted { $0.key < $1.key }.map { route, query in
                        (route, .object([("query", .string(query.query)), ("guessed", .bool(query.guessed))]))
                    })
            ),
        ])
        return root.compact()
    }

    /// A query the app passes a page, as far as its text is written: `'id=' + id + '&n=' + n`
    /// is `id=1&n=1`, each part computed at run time a `1`. `guessed` when a part was.
    struct NavigationQuery {
        var query: String
        var guessed: Bool
    }

    /// For each page the app opens with `navigateTo` and a `query`, the query of its first
    /// such call. The smoke run opens a page nothing it taps reaches with this, rather than
    /// with no query at all.
    static func navigationQueries(_ model: ProjectModel) -> [String: NavigationQuery] {
        var queries: [String: NavigationQuery] = [:]
        for target in NavigationTarget.all(in: model, apis: ["nav.navigateTo"]) {
            guard let route = target.route, queries[route] == nil, let member = target.options.member(named: "query") else { continue }
            if let text = member.value.stringValue {
                queries[route] = NavigationQuery(query: text, guessed: false)
                continue
            }
            // The string literals at the top level of a concatenation, a `1` for each other operand.
            var query = ""
            var depth = 0
            var inHole = false
            for token in target.script.tokens where member.valueRange.contains(token.range.lowerBound) {
                if ["(", "[", "{"].contains(token.text) { depth += 1 }
                if [")", "]", "}"].contains(token.text) { depth -= 1 }
                if depth == 0, token.kind == .string {
                    query += String(token.text.dropFirst().dropLast())
                    inHole = false
                } else if depth == 0, token.text == "+" {
                    inHole = false
                } else if !inHole {
                    query += "1"
                    inHole = true
                }
            }
            queries[route] = NavigationQuery(query: query, guessed: true)
        }
        return queries
    }

    /// The manifest as `JSON.parse` reads it, or `null` when its text is not strict JSON (a
    /// comment, a trailing comma, a syntax error): what the runtime's decoder refuses too.
    private static func manifest(of model: ProjectModel) -> JSONOutput {
        guard let document = model.manifestDocument, let root = document.root else { return .null }
        let strict = document.issues.allSatisfy { issue in
            switch issue.kind {
            case .duplicateKey, .byteOrderMark: true
            case .syntax, .trailingComma, .comment, .invalidUTF8, .tooDeep: false
            }
        }
        return strict ? JSONOutput(root) : .null
    }

    /// Every expression text of a template Alpine will evaluate, with its parse as the host's
    /// evaluator reads it, or `{"error": why}` when mactl's CSP expression parser refuses it:
    /// `mactl serve`'s preview evaluates only these, so it accepts what the runtime's CSP build
    /// and `mactl lint` accept.
    static func expressionTable(_ template: PageTemplate) -> String {
        var table: [(String, JSONOutput)] = []
        var seen: Set<String> = []
        for use in DirectiveAnalysis.uses(in: template) {
            let text = use.directive.kind == .for ? use.loop?.collection : use.attribute.value
            guard let text, !seen.contains(text) else { continue }
            if let expression = use.expression {
                table.append((text, ast(expression)))
            } else if let failure = use.failure {
                table.append((text, .object([("error", .string(failure.message))])))
            } else {
                continue
            }
            seen.insert(text)
        }
        return JSONOutput.object(table).compact()
    }

    // MARK: - Elements

    /// The top-level keys of the page's store the view shows or binds (`store.items` in an
    /// `x-for`, a `:value`, an `x-text`), in order: a `setData` that changes none of them
    /// changes nothing on screen. Event handlers' expressions show nothing and are left out.
    static func storeKeysShown(by directives: [DirectiveUse]) -> [String] {
        var keys: [String] = []
        var seen: Set<String> = []
        for use in directives where use.directive.kind != .on && use.directive.kind != .initialize {
            for node in use.nodes {
                guard case .member(let object, let name, _) = node.kind, case .identifier("store") = object.kind else { continue }
                if seen.insert(name).inserted { keys.append(name) }
            }
        }
        return keys
    }

    /// Each distinct expression text of the project's templates once, as the host's evaluator
    /// reads it; an element names its expressions by their index in `expressions`. A large app
    /// repeats the same few expressions on every page, and the host parses this JSON whole.
    struct ExpressionTable {
        var asts: [JSONOutput] = []
        var indexByText: [String: Int] = [:]

        mutating func index(of expression: AlpineExpression, text: String) -> Int {
            if let known = indexByText[text] { return known }
            asts.append(LogicHostProject.ast(expression))
            indexByText[text] = asts.count - 1
            return asts.count - 1
        }
    }

    /// The elements as the host reads them (`inflate` in `HostScript+Template.swift` fills in
    /// what is left out), written straight as JSON text: a large app has tens of thousands.
    /// Members that would be empty, `null` or the default are not written; an element's index,
    /// file and children follow from the view and the parents; its attributes are those a
    /// selector or an event target reads, not the directives, which are given parsed.
    private static func elements(
        of template: PageTemplate, directives: [DirectiveUse], detail: ViewDetail, expressions: inout ExpressionTable
    ) -> JSONOutput {
        // The directives of each element, by its index: a large app has tens of thousands.
        var uses = [[DirectiveUse]](repeating: [], count: template.elements.count)
        for use in directives where use.element < uses.count { uses[use.element].append(use) }
        // Each element written, by its index in the template, and the index it has in the host.
        let written = detail == .everyElement ? Array(template.elements.indices) : elementsTheSmokeRunActsOn(template, uses: uses)
        var hostIndex = [Int](repeating: -1, count: template.elements.count)
        for (order, index) in written.enumerated() { hostIndex[index] = order }
        var out = "["
        for (order, index) in written.enumerated() {
            let element = template.elements[index]
            if order > 0 { out += "," }
            let position = template.file.position(at: element.range.lowerBound)
            out += "{\"tag\":"
            JSONOutput.writeString(element.name, into: &out)
            out += ",\"line\":\(position.line),\"column\":\(position.column),\"offset\":\(element.range.lowerBound)"
            // The nearest ancestor written: one left out neither hides nor repeats anything.
            var parent = element.parent
            while let candidate = parent, hostIndex[candidate] < 0 { parent = template.elements[candidate].parent }
            if let parent { out += ",\"parent\":\(hostIndex[parent])" }
            var disabled = false
            var wroteAttribute = false
            var seen: [String] = []
            for attribute in template.attributes(of: element) {
                let name = attribute.lowercasedName
                if name == "disabled" { disabled = true }
                // The smoke run reads a few plain attributes, none of which names a directive.
                if detail == .smokeRun ? !eventTargetAttributes.contains(name) : attribute.directive != nil { continue }
                // The first of a repeated attribute is the one a browser keeps.
                guard !seen.contains(name) else { continue }
                seen.append(name)
                out += wroteAttribute ? "," : ",\"attributes\":{"
                wroteAttribute = true
                JSONOutput.writeString(name, into: &out)
                out += ":"
                JSONOutput.writeString(attribute.value ?? "", into: &out)
            }
            if wroteAttribute { out += "}" }
            if detail == .everyElement, element.hasText {
                let text = directText(of: element, in: template)
                if !text.isEmpty { out += ",\"text\":"; JSONOutput.writeString(text, into: &out) }
            }
            // One member per name, the last given winning; each written as JSON text.
            var facts: [(name: String, json: String)] = []
            func set(_ name: String, _ json: String) {
                facts.removeAll { $0.name == name }
                facts.append((name, json))
            }
            func reference(_ expression: AlpineExpression?, text: String) -> String {
                guard let expression else { return "null" }
                return String(expressions.index(of: expression, text: text))
            }
            if disabled { set("disabled", #"{"k":"bool","v":true}"#) }
            var events: [String] = []
            for use in uses[index] {
                let text = use.attribute.value ?? ""
                switch use.directive.kind {
                case .on:
                    var event = #"{"name":"#
                    JSONOutput.writeString((use.directive.argument ?? "").lowercased(), into: &event)
                    events.append(event + #","expr":"# + reference(use.expression, text: text) + "}")
                case .initialize where use.expression != nil:
                    events.append(#"{"name":"x-init","expr":"# + reference(use.expression, text: text) + "}")
                case .text where detail == .everyElement: set("xText", reference(use.expression, text: text))
                case .if: set("xIf", reference(use.expression, text: text))
                case .show: set("xShow", reference(use.expression, text: text))
                case .bind where use.directive.argument?.lowercased() == "disabled": set("disabled", reference(use.expression, text: text))
                case .model:
                    // The bridge matches `[x-model]` exactly: a modifier changes the name.
                    var model = #"{"value":"#
                    JSONOutput.writeString(text, into: &model)
                    set("model", model + #","exact":"# + (use.attribute.name == "x-model" ? "true" : "false") + "}")
                case .for:
                    if let loop = use.loop, let collection = use.expression {
                        var json = #"{"item":"#
                        JSONOutput.writeString(loop.item, into: &json)
                        json += #","index":"#
                        if let name = loop.index { JSONOutput.writeString(name, into: &json) } else { json += "null" }
                        json += #","collection":"# + String(expressions.index(of: collection, text: "for " + loop.collection)) + "}"
                        set("loop", json)
                    }
                default: break
                }
            }
            if !events.isEmpty { set("events", "[" + events.joined(separator: ",") + "]") }
            for (name, json) in facts {
                out += ",\"\(name)\":"
                out += json
            }
            out += "}"
        }
        out += "]"
        return .fragment(out)
    }

    /// The attributes an event's target reads (`targetOf` in `facade.js`, `typedValue` in `smoke.js`).
    private static let eventTargetAttributes: Set<String> = ["type", "value", "checked", "id", "name"]

    /// The indices of the elements the smoke run acts on, in document order: those it fires
    /// or types into, and the ancestors that decide whether and how often they render.
    private static func elementsTheSmokeRunActsOn(_ template: PageTemplate, uses: [[DirectiveUse]]) -> [Int] {
        func isTarget(_ index: Int) -> Bool {
            let acted = uses[index].contains { use in
                switch use.directive.kind {
                case .on, .initialize, .model: true
                case .bind: use.directive.argument?.lowercased() == "disabled"
                default: false
                }
            }
            return acted || template.attributes(of: template.elements[index]).contains { $0.lowercasedName == "disabled" }
        }
        func decidesRendering(_ index: Int) -> Bool {
            template.elements[index].name == "template" || uses[index].contains { [.if, .show, .for].contains($0.directive.kind) }
        }
        var kept = [Bool](repeating: false, count: template.elements.count)
        for index in template.elements.indices where isTarget(index) {
            kept[index] = true
            var ancestor = template.elements[index].parent
            while let current = ancestor {
                if !kept[current], decidesRendering(current) { kept[current] = true }
                ancestor = template.elements[current].parent
            }
        }
        return kept.indices.filter { kept[$0] }
    }

    /// The text right after the start tag, up to the next tag: what a button or a label shows
    /// when no `x-text` replaces it.
    private static func directText(of element: TemplateElement, in template: PageTemplate) -> String {
        let bytes = template.file.bytes
        var end = element.range.upperBound
        while end < bytes.count, bytes[end] != UInt8(ascii: "<") { end += 1 }
        guard element.range.upperBound < end else { return "" }
        let text = bytes.withUnsafeBufferPointer { CharacterReferenceDecoder.decode($0, element.range.upperBound..<end) }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// An expression as the host's evaluator reads it (`k` is the kind).
    static func ast(_ expression: AlpineExpression) -> JSONOutput {
        func node(_ kind: String, _ members: (String, JSONOutput)...) -> JSONOutput { .object([("k", .string(kind))] + members) }
        switch expression.kind {
        case .number(let text): return node("num", ("v", .string(text)))
        case .string(let text): return node("str", ("v", .string(text)))
        case .boolean(let value): return node("bool", ("v", .bool(value)))
        case .null: return node("null")
        case .undefined: return node("undef")
        case .identifier(let name): return node("id", ("n", .string(name)))
        case .member(let object, let name, _): return node("mem", ("o", ast(object)), ("n", .string(name)))
        case .index(let object, let index): return node("idx", ("o", ast(object)), ("i", ast(index)))
        case .call(let callee, let arguments): return node("call", ("c", ast(callee)), ("a", .array(arguments.map(ast))))
        case .unary(let operatorText, let operand): return node("un", ("op", .string(operatorText)), ("x", ast(operand)))
        case .update(let operatorText, let operand, _): return node("update", ("op", .string(operatorText)), ("t", ast(operand)))
        case .binary(let operatorText, let left, let right):
            return node("bin", ("op", .string(operatorText)), ("l", ast(left)), ("r", ast(right)))
        case .conditional(let test, let consequent, let alternate):
            return node("cond", ("t", ast(test)), ("c", ast(consequent)), ("a", ast(alternate)))
        case .assignment(let target, let value): return node("assign", ("t", ast(target)), ("v", ast(value)))
        case .array(let elements): return node("arr", ("e", .array(elements.map(ast))))
        case .object(let properties):
            return node(
                "obj",
                (
                    "p",
                    .array(
                        properties.compactMap { property -> JSONOutput? in
                            guard case .name(let name) = property.key else { return nil }
                            return .object([("k", .string(name)), ("v", ast(property.value))])
                        })
                ))
        }
    }
}
