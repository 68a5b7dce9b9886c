/// A handler is called from the template with `0`, `''`, `false` or `null` as its detail,
/// which the bridge replaces with `{}`.
public struct TemplateEventDetailFalsy: PageRule {
    public static let description = RuleDescription(
        id: "template-event-detail-falsy", domain: .template, severity: .error,
        summary: "A handler is called with '0', '', 'false' or 'null' as its detail, which arrives as '{}'.",
        rationale: """
            SkipMiniApp's view posts a handler call with `detail: detail || {}`: a detail that is \
            falsy (`0`, `''`, `false`, `null`) arrives as an empty object, so \
            `handler('onSetQuantity', 0)` or `onSetQuantity(0)` never gives the handler its `0`. \
            Pass the value as a string (`'0'`) or inside an object (`{ quantity: 0 }`). Details \
            written as such a literal are reported; a detail computed at run time may be falsy \
            too, which the handler can guard against.
            """,
        runtimeFacts: ["skip.event-type-detail"],
        triggering: [
            RuleExample(
                files: [
                    (
                        "pages/index/index.html",
                        "<body x-data=\"page\">\n  <button @click=\"handler('onSetQuantity', 1️⃣0)\">Clear</button>\n  <button @click=\"onToggle(2️⃣false)\">Off</button>\n</body>\n"
                    )
                ],
                supportFiles: ["pages/index/index.js": pageScript],
                expected: [
                    .at(
                        "1️⃣",
                        "the detail 0 arrives as {}: the bridge sends 'detail || {}', so the handler never gets 0; pass it as a string ('0') or in an object ({ value: 0 })"
                    ),
                    .at(
                        "2️⃣",
                        "the detail false arrives as {}: the bridge sends 'detail || {}', so the handler never gets false; pass it as a string ('false') or in an object ({ value: false })"
                    ),
                ])
        ],
        nonTriggering: [
            RuleExample(
                files: [
                    (
                        "pages/index/index.html",
                        "<body x-data=\"page\">\n  <button @click=\"handler('onSetQuantity', '0')\">Clear</button>\n  <button @click=\"onToggle({ on: false })\">Off</button>\n  <button @click=\"onToggle(1)\">On</button>\n</body>\n"
                    )
                ],
                supportFiles: ["pages/index/index.js": pageScript])
        ])

    static let pageScript = "Page({\n  data: {},\n  onSetQuantity(e) {},\n  onToggle(e) {},\n});\n"

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        guard runtime.has(.eventCarriesOnlyTypeAndDetail), let script = page.script, script.loaded, let registration = script.page else {
            return []
        }
        let targets = HandlerCall.Targets(registration)
        var findings: [Finding] = []
        for use in page.directives where use.directive.kind == .on {
            let scope = page.scope(ofElement: use.element)
            if scope.hasUnknownComponent { continue }
            for node in use.nodes {
                guard let call = HandlerCall(node, targets: targets, scope: scope) else { continue }
                let shown: String
                switch call.detail.kind {
                case .number(let text) where Double(text) == 0: shown = text
                case .string(""): shown = "''"
                case .boolean(false): shown = "false"
                case .null: shown = "null"
                default: continue
                }
                let instead =
                    shown == "''" ? "in an object ({ value: '' })" : "as a string ('\(shown)') or in an object ({ value: \(shown) })"
                findings.append(
                    Finding(
                        "the detail \(shown) arrives as {}: the bridge sends 'detail || {}', so the handler never gets \(shown); pass it \(instead)",
                        at: page.span(use.fileRange(call.detail.range))))
            }
        }
        return findings
    }
}
