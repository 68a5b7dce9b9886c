/// A member the manifest must have is missing.
public struct ManifestMissingMember: Rule {
    public static let description = RuleDescription(
        id: "manifest-missing-member", domain: .manifest, severity: .error,
        summary: "A required manifest member is missing.",
        rationale: """
            The W3C MiniApp Manifest requires `app_id`, `name`, `icons`, `pages`, `platform_version` \
            with `min_code`, and `version` with `code` and `name`; each icon needs `src`, each widget \
            `name` and `path`, each permission `name`, each tab `page`; a W3C host skips the \
            entry or refuses the package. Under the `skip` runtime this rule steps aside for \
            `manifest-not-decodable`, which reports the members SkipMiniApp's decoder cannot do \
            without (these, and each tab's `text`), with its consequence: the whole app fails to \
            load.
            """,
        triggering: [
            RuleExample(
                files: [
                    (
                        "manifest.json",
                        MinimalApp.manifest(
                            with: """
                                "version": 1️⃣{ "name": "1.0.0" }
                                """)
                    )
                ],
                configuration: "runtime: w3c\n",
                expected: [.at("1️⃣", "missing required member 'version.code'")]),
            RuleExample(
                files: [
                    (
                        "manifest.json",
                        """
                        1️⃣{
                          "app_id": "org.example.demo",
                          "icons": [{ "src": "icons/app.svg" }],
                          "version": { "code": 1, "name": "1.0.0" },
                          "platform_version": { "min_code": 1 },
                          "pages": ["pages/index/index"]
                        }
                        """
                    )
                ],
                configuration: "runtime: w3c\n",
                expected: [.at("1️⃣", "missing required member 'name'")]),
        ],
        nonTriggering: [
            .manifest(
                members: """
                    "icons": [{ "src": "icons/app.svg" }],
                    "version": { "code": 1, "name": "1.0.0" }
                    """),
            // Under `skip`, `manifest-not-decodable` reports it, saying what the device does.
            .manifest(
                members: """
                    "version": { "name": "1.0.0" }
                    """),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        // SkipMiniApp's decoder needs more (a tab's `text`) and fails the whole app:
        // `manifest-not-decodable` reports for it.
        guard !model.runtime.has(.manifestDecodedStrictly), let walk = model.manifestWalk else { return [] }
        var findings: [Finding] = []
        for object in walk.objects {
            for member in object.schema.members where member.isRequired && object.node.member(member.name) == nil {
                let path = object.path.isEmpty ? member.name : object.path + "." + member.name
                let start = object.node.range.lowerBound
                findings.append(Finding("missing required member '\(path)'", at: model.manifestSpan(start..<(start + 1))))
            }
        }
        return findings
    }
}
