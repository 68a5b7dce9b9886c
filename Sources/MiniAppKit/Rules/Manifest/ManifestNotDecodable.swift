/// A member SkipMiniApp's manifest decoder refuses: a wrong JSON type, a `null` where a value
/// is required, a required member missing. The whole app fails to load.
public struct ManifestNotDecodable: Rule {
    public static let description = RuleDescription(
        id: "manifest-not-decodable", domain: .manifest, severity: .error,
        summary:
            "SkipMiniApp's manifest decoder refuses a member (a missing required member or a JSON type it does not take), so the whole app fails to load.",
        rationale: """
            SkipMiniApp decodes `manifest.json` into typed Swift structs with Foundation's \
            `JSONDecoder` and checks nothing else: one member it cannot decode and no page is \
            shown at all, only "Error loading MiniApp" and the decoder's error. That includes \
            what W3C processing forgives: a string `"2"` for `platform_version.min_code` or \
            `widgets[].min_code` (the W3C spec's own example writes one), a `"yes"` or `1` for a \
            boolean `window` member, a number for a string, a tab without `text` (its label, \
            required by SkipMiniApp although W3C-style manifests may leave it out), a `null` \
            for a required member or inside an array. What the decoder does take is not \
            reported: a whole number written `2.0` or `1e2` for an integer, `null` for an \
            optional member (read as absent), members it does not know (ignored). Of two equal \
            keys it reads the first. The types are those the iOS decoder takes, checked by \
            running it; Android's decoder (SkipFoundation) was not run.

            Under the `skip` runtime this rule reports what `manifest-wrong-type` and \
            `manifest-missing-member` report for W3C hosts, which step aside so one node gets \
            one finding. A fix-it is offered where the value only needs rewriting: `"2"` → `2`, \
            `"true"` or `1` → `true`, `1.0` → `"1.0"` for a string, a lone string → `["…"]` for a list.
            """,
        runtimeFacts: ["skip.manifest-strict", "skip.manifest-json-decoder", "skip.manifest-load-error"],
        triggering: [
            .manifest(
                members: """
                    "version": { "code": 1️⃣2.5, "name": "1.0.0" },
                    "widgets": [{ "name": "Notes", "path": "pages/index/index", "min_code": 2️⃣"2" }]
                    """,
                expected: [
                    .at(
                        "1️⃣",
                        "'version.code' must be an integer, found number 2.5: SkipMiniApp cannot decode the manifest and the whole app fails to load (\"Error loading MiniApp\")"
                    ),
                    .at(
                        "2️⃣",
                        "'widgets[0].min_code' must be an integer, found string '2': SkipMiniApp cannot decode the manifest and the whole app fails to load (\"Error loading MiniApp\")"
                    )
                    .notes(["SkipMiniApp's manifest decoder rejects a string here, although the W3C spec's example writes one"])
                    .fixIt("2"),
                ]),
            .manifest(
                members: """
                    "pages": ["pages/index/index", "pages/me/me"],
                    "tab_bar": { "tabs": [
                      1️⃣{ "page": "pages/index/index", "icon": "icons/app.svg" },
                      { "page": "pages/me/me", "text": "Me", "icon": "icons/app.svg" }
                    ] }
                    """, files: ["pages/me/me.html": "<body x-data=\"page\"></body>\n"],
                expected: [
                    .at(
                        "1️⃣",
                        "missing required member 'tab_bar.tabs[0].text': SkipMiniApp cannot decode the manifest and the whole app fails to load (\"Error loading MiniApp\")"
                    )
                    .notes(["SkipMiniApp's manifest requires this member, which W3C processing does not: add it"])
                ]),
            .manifest(
                members: """
                    "name": 1️⃣null,
                    "version": { "code": 1, "name": 2️⃣1.0 },
                    "window": { "fullscreen": 3️⃣"true", "enable_pull_down_refresh": 4️⃣0 }
                    """,
                expected: [
                    .at(
                        "1️⃣",
                        "'name' must be a string, found null: SkipMiniApp cannot decode the manifest and the whole app fails to load (\"Error loading MiniApp\")"
                    ),
                    .at(
                        "2️⃣",
                        "'version.name' must be a string, found number 1.0: SkipMiniApp cannot decode the manifest and the whole app fails to load (\"Error loading MiniApp\")"
                    )
                    .fixIt("\"1.0\""),
                    .at(
                        "3️⃣",
                        "'window.fullscreen' must be a boolean, found string 'true': SkipMiniApp cannot decode the manifest and the whole app fails to load (\"Error loading MiniApp\")"
                    )
                    .fixIt("true"),
                    .at(
                        "4️⃣",
                        "'window.enable_pull_down_refresh' must be a boolean, found number 0: SkipMiniApp cannot decode the manifest and the whole app fails to load (\"Error loading MiniApp\")"
                    )
                    .fixIt("false"),
                ]),
        ],
        nonTriggering: [
            // Whole numbers written as decimals, `null` for optional members and unknown
            // members all decode.
            .manifest(
                members: """
                    "version": { "code": 2.0, "name": "1.0.0" },
                    "platform_version": { "min_code": 1e0, "target_code": null },
                    "window": { "fullscreen": false, "design_width": 750 },
                    "description": null,
                    "theme_color": "#ffffff"
                    """),
            // Every tab has its `text`; `icon` may be left out.
            .manifest(
                members: """
                    "pages": ["pages/index/index", "pages/me/me"],
                    "tab_bar": { "tabs": [
                      { "page": "pages/index/index", "text": "Home" },
                      { "page": "pages/me/me", "text": "Me" }
                    ] }
                    """, files: ["pages/me/me.html": "<body x-data=\"page\"></body>\n"]),
            // For a W3C host the string is `manifest-wrong-type`'s.
            RuleExample(
                files: [("manifest.json", MinimalApp.manifest(with: #""platform_version": { "min_code": "2" }"#))],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard model.runtime.has(.manifestDecodedStrictly), let root = model.manifest else { return [] }
        let consequence = "SkipMiniApp cannot decode the manifest and the whole app fails to load (\"Error loading MiniApp\")"
        return ManifestDecoding.failures(in: root).map { failure in
            switch failure.kind {
            case .missing:
                let start = failure.node.range.lowerBound
                let notes =
                    failure.memberSchema.isRequired
                    ? [] : [DiagnosticNote(message: "SkipMiniApp's manifest requires this member, which W3C processing does not: add it")]
                return Finding(
                    "missing required member '\(failure.path)': \(consequence)", at: model.manifestSpan(start..<(start + 1)), notes: notes)
            case .wrongType(let expected):
                var notes: [DiagnosticNote] = []
                if case .integer = expected, failure.node.stringValue != nil, let note = failure.memberSchema.integerNote {
                    notes.append(DiagnosticNote(message: note))
                }
                let span = model.manifestSpan(failure.node.range)
                let fixIt = span.flatMap { span in
                    Self.rewrite(failure.node, as: expected, in: model).map {
                        FixIt(message: "write it as \(expected.phrase)", span: span, replacement: $0)
                    }
                }
                return Finding(
                    "'\(failure.path)' must be \(expected.phrase), found \(failure.node.summary): \(consequence)", at: span, notes: notes,
                    fixIt: fixIt)
            }
        }
    }

    /// The value written as the expected type when that is only a matter of spelling: a
    /// string holding an integer or a boolean, a number or boolean where a string belongs, a
    /// lone string where a list of strings belongs.
    static func rewrite(_ node: JSONNode, as expected: ManifestType, in model: ProjectModel) -> String? {
        switch (expected, node.value) {
        case (.integer, .string(let text)):
            return Int(text).map(String.init)
        case (.boolean, .string(let text)):
            return text == "true" || text == "false" ? text : nil
        case (.boolean, .number(let text)):
            return text == "0" ? "false" : text == "1" ? "true" : nil
        case (.string, .number(let text)):
            return "\"\(text)\""
        case (.string, .bool(let value)):
            return "\"\(value)\""
        case (.array(.string), .string):
            guard let bytes = model.manifestFile?.bytes, node.range.upperBound <= bytes.count else { return nil }
            return "[" + String(decoding: bytes[node.range], as: UTF8.self) + "]"
        default:
            return nil
        }
    }
}
