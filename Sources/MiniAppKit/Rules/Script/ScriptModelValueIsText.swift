/// A script does arithmetic with a data key an `x-model` field writes, which the runtime
/// stores as text: `this.data.goal + 5` gives `'305'`.
public struct ScriptModelValueIsText: Rule {
    public static let description = RuleDescription(
        id: "script-model-value-is-text", domain: .script, severity: .warning,
        summary:
            "A script adds to, compares strictly with a number or formats as a number a data key that an 'x-model' field fills with text.",
        rationale: """
            The view bridge posts an `x-model` field's `el.value`, always a string, into the \
            launch page's data: once the user has typed in a number field, `this.data.goal` is \
            `'30'`, not `30`. Then `this.data.goal + 5` joins text (`'305'`), \
            `this.data.goal === 30` is false and `this.data.goal.toFixed(1)` throws. It works until \
            the user edits the field, so it is a warning. The rule looks at the launch page, \
            whose data the bridge writes: strict comparisons with a number and `toFixed` for \
            every field's key (a `<select>` posts text too), `+` for keys whose field is \
            `type="number"` or `type="range"` or whose initial value is a number. The fix-it \
            converts the read with `Number(…)`.
            """,
        runtimeFacts: ["skip.model-wired-once", "skip.model-launch-page"],
        triggering: [
            RuleExample(
                files: [
                    (
                        "pages/index/index.html",
                        "<body x-data=\"page\">\n  <input type=\"number\" x-model=\"store.goal\">\n  <button @click=\"onMore()\">+5</button>\n</body>\n"
                    ),
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { goal: 30 },\n  onMore() {\n    this.setData({ goal: 1️⃣this.data.goal + 5 });\n  },\n});\n"
                    ),
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'this.data.goal' is text once the user edits its 'x-model' field, so '+' joins text ('30' + 5 is '305'); convert it with 'Number(this.data.goal)'"
                    )
                    .fixIt("Number(this.data.goal)")
                ]),
            RuleExample(
                files: [
                    (
                        "pages/index/index.html",
                        "<body x-data=\"page\">\n  <select x-model=\"store.level\"><option>1</option><option>3</option></select>\n  <button @click=\"onStart()\">Start</button>\n</body>\n"
                    ),
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { level: '1' },\n  onStart() {\n    skip.log(1️⃣this.data.level === 3 ? 'hard' : 'easy');\n  },\n});\n"
                    ),
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'this.data.level' is text once the user edits its 'x-model' field, so '===' with a number is never true; convert it with 'Number(this.data.level)'"
                    )
                    .fixIt("Number(this.data.level)")
                ]),
        ],
        nonTriggering: [
            // Converted reads, and a text field's key.
            RuleExample(files: [
                (
                    "pages/index/index.html",
                    "<body x-data=\"page\">\n  <input type=\"number\" x-model=\"store.goal\">\n  <input type=\"text\" x-model=\"store.name\">\n  <button @click=\"onMore()\">+5</button>\n</body>\n"
                ),
                (
                    "pages/index/index.js",
                    "Page({\n  data: { goal: 30, name: '' },\n  onMore() {\n    this.setData({ goal: Number(this.data.goal) + 5, name: this.data.name + '!' });\n    skip.log('goal: ' + this.data.goal);\n  },\n});\n"
                ),
            ])
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard model.runtime.has(.modelWiredOnceIntoLaunchPage), let page = model.launchPage, let template = page.template,
            let script = page.script
        else { return [] }
        // Every wired key holds text once edited; '+' is worth a word only for a key meant as
        // a number (text fields join text on purpose).
        var wiredKeys: Set<String> = []
        var numericKeys: Set<String> = []
        for binding in page.modelBindings() {
            guard case .wired(let key) = binding.wiring else { continue }
            wiredKeys.insert(key)
            let type = template.attribute(named: "type", of: template.elements[binding.use.element])?.value?.lowercased()
            let initial = script.page?.data?.members.first { $0.name == key }?.shape
            if type == "number" || type == "range" || initial == .number { numericKeys.insert(key) }
        }
        guard !wiredKeys.isEmpty else { return [] }
        let tokens = script.tokens
        var findings: [Finding] = []
        for index in tokens.indices where index + 4 < tokens.count {
            // `this.data.<key>`, not part of a longer path (`this.data.goal.max`).
            guard tokens[index].text == "this", tokens[index + 1].text == ".", tokens[index + 2].text == "data",
                tokens[index + 3].text == ".", wiredKeys.contains(tokens[index + 4].text)
            else { continue }
            let key = tokens[index + 4].text
            let next = index + 5 < tokens.count ? tokens[index + 5].text : ""
            let after = index + 6 < tokens.count ? tokens[index + 6] : nil
            let previous = index > 0 ? tokens[index - 1].text : ""
            let beforePrevious = index > 1 ? tokens[index - 2] : nil
            let read = "this.data.\(key)"
            let problem: String
            // `'rounds: ' + this.data.rounds` joins text on purpose.
            let joinsText = (next == "+" && after.map(Self.isText) == true) || (previous == "+" && beforePrevious.map(Self.isText) == true)
            if numericKeys.contains(key), !joinsText,
                next == "+" || next == "+=" || (previous == "+" && beforePrevious.map(Self.endsOperand) == true)
            {
                problem = "so '+' joins text ('30' + 5 is '305')"
            } else if ["===", "!=="].contains(next), after?.kind == .number {
                problem = "so '\(next)' with a number is \(next == "===" ? "never true" : "always true")"
            } else if next == ".", after?.text == "toFixed" {
                problem = "and text has no 'toFixed': the call throws"
            } else {
                continue
            }
            let range = tokens[index].range.lowerBound..<tokens[index + 4].range.upperBound
            findings.append(
                Finding(
                    "'\(read)' is text once the user edits its 'x-model' field, \(problem); convert it with 'Number(\(read))'",
                    at: script.span(range),
                    fixIt: FixIt(message: "convert with 'Number(…)'", span: script.span(range), replacement: "Number(\(read))")))
        }
        return findings
    }

    /// A string or template literal: a `+` beside one joins text.
    static func isText(_ token: JavaScriptToken) -> Bool {
        if token.kind == .string { return true }
        if case .template = token.kind { return true }
        return false
    }

    /// Whether a token can end the left operand of a binary `+` (so the `+` after it is not
    /// a unary plus, which converts).
    static func endsOperand(_ token: JavaScriptToken) -> Bool {
        token.kind == .identifier || token.kind == .number || token.kind == .string || [")", "]"].contains(token.text)
    }
}
