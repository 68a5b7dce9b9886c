import Foundation

/// What the logic-layer host is given of a project, as JSON: the manifest, every script and
/// locale file as text, the file list, and each page template's elements with their Alpine
/// bindings already parsed (by the same parser the template rules use), so a test's
/// `page.tap('Save')` goes through the binding the view would use.
enum LogicHostProject {
    /// Files under this folder are tests, not part of the app.
    static let testsFolder = "tests/"

    static func json(_ model: ProjectModel) -> String {
        let project = model.project
        let appPaths = project.paths.filter { !$0.hasPrefix(testsFolder) }
        var scripts: [String: String] = [:]
        for path in appPaths where path.hasSuffix(".js") { scripts[path] = project.file(path)?.text }
        var locales: [String: String] = [:]
        for path in appPaths {
            if let tag = LocaleCatalog.tag(forPath: path), let file = project.file(path) { locales[tag] = file.text }
        }
        var views: [String: Any] = [:]
        var templates: [String: PageTemplate] = [:]
        for page in model.pages { if let template = page.template { templates[page.route] = template } }
        for path in appPaths where path.hasSuffix(".html") {
            let route = String(path.dropLast(5))
            guard let template = templates[route] ?? project.file(path).map(TemplateParser.parse) else { continue }
            views[route] = ["elements": elements(of: template)]
        }
        let root: [String: Any] = [
            "manifest": (model.manifestFile?.text).flatMap(parsedJSON) ?? NSNull(),
            "files": appPaths,
            "scripts": scripts,
            "locales": locales,
            "views": views,
            // The host app lists the i18n module when the app has locale files to read.
            "i18nModule": !locales.isEmpty,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: root, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private static func parsedJSON(_ text: String) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    /// Every expression text of a template Alpine will evaluate, with its parse as the host's
    /// evaluator reads it, or `{"error": why}` when mactl's CSP expression parser refuses it:
    /// `mactl serve`'s preview evaluates only these, so it accepts what the runtime's CSP build
    /// and `mactl lint` accept.
    static func expressionTable(_ template: PageTemplate) -> String {
        var table: [String: Any] = [:]
        for use in DirectiveAnalysis.uses(in: template) {
            let text = use.directive.kind == .for ? use.loop?.collection : use.attribute.value
            guard let text, table[text] == nil else { continue }
            if let expression = use.expression {
                table[text] = ast(expression)
            } else if let failure = use.failure {
                table[text] = ["error": failure.message]
            }
        }
        let data = (try? JSONSerialization.data(withJSONObject: table, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: - Elements

    private static func elements(of template: PageTemplate) -> [[String: Any]] {
        let uses = Dictionary(grouping: DirectiveAnalysis.uses(in: template), by: \.element)
        return template.elements.enumerated().map { index, element in
            var attributes: [String: String] = [:]
            for attribute in element.attributes where attributes[attribute.lowercasedName] == nil {
                attributes[attribute.lowercasedName] = attribute.value ?? ""
            }
            let position = template.file.position(at: element.range.lowerBound)
            var facts: [String: Any] = [
                "index": index, "tag": element.name, "id": attributes["id"] ?? "",
                "classes": (attributes["class"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init),
                "attributes": attributes, "text": element.hasText ? directText(of: element, in: template) : "",
                "file": template.file.path, "line": position.line, "column": position.column, "offset": element.range.lowerBound,
                "parent": element.parent.map { $0 as Any } ?? NSNull(), "children": element.children,
            ]
            var events: [[String: Any]] = []
            if attributes["disabled"] != nil { facts["disabled"] = ["k": "bool", "v": true] }
            for use in uses[index] ?? [] {
                let expression: Any = use.expression.map(ast) ?? NSNull()
                switch use.directive.kind {
                case .on:
                    events.append(["name": (use.directive.argument ?? "").lowercased(), "expr": expression])
                case .initialize where use.expression != nil:
                    events.append(["name": "x-init", "expr": expression])
                case .text: facts["xText"] = expression
                case .if: facts["xIf"] = expression
                case .show: facts["xShow"] = expression
                case .bind where use.directive.argument?.lowercased() == "disabled": facts["disabled"] = expression
                case .model:
                    // The bridge matches `[x-model]` exactly: a modifier changes the name.
                    facts["model"] = ["value": use.attribute.value ?? "", "exact": use.attribute.name == "x-model"]
                case .for:
                    if let loop = use.loop, let collection = use.expression {
                        facts["loop"] = ["item": loop.item, "index": loop.index.map { $0 as Any } ?? NSNull(), "collection": ast(collection)]
                    }
                default: break
                }
            }
            facts["events"] = events
            return facts
        }
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
    private static func ast(_ expression: AlpineExpression) -> [String: Any] {
        switch expression.kind {
        case .number(let text): ["k": "num", "v": text]
        case .string(let text): ["k": "str", "v": text]
        case .boolean(let value): ["k": "bool", "v": value]
        case .null: ["k": "null"]
        case .undefined: ["k": "undef"]
        case .identifier(let name): ["k": "id", "n": name]
        case .member(let object, let name, _): ["k": "mem", "o": ast(object), "n": name]
        case .index(let object, let index): ["k": "idx", "o": ast(object), "i": ast(index)]
        case .call(let callee, let arguments): ["k": "call", "c": ast(callee), "a": arguments.map(ast)]
        case .unary(let operatorText, let operand): ["k": "un", "op": operatorText, "x": ast(operand)]
        case .update(let operatorText, let operand, _): ["k": "update", "op": operatorText, "t": ast(operand)]
        case .binary(let operatorText, let left, let right): ["k": "bin", "op": operatorText, "l": ast(left), "r": ast(right)]
        case .conditional(let test, let consequent, let alternate): ["k": "cond", "t": ast(test), "c": ast(consequent), "a": ast(alternate)]
        case .assignment(let target, let value): ["k": "assign", "t": ast(target), "v": ast(value)]
        case .array(let elements): ["k": "arr", "e": elements.map(ast)]
        case .object(let properties):
            ["k": "obj", "p": properties.compactMap { property -> [String: Any]? in
                guard case .name(let name) = property.key else { return nil }
                return ["k": name, "v": ast(property.value)]
            }]
        }
    }
}
