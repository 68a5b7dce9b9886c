/// `manifest.json` parses, but its top level is not an object.
public struct ManifestNotObject: Rule {
    public static let description = RuleDescription(
        id: "manifest-not-object", domain: .manifest, severity: .error,
        summary: "The top level of 'manifest.json' is not a JSON object.",
        rationale:
            "A runtime fails to load a package whose manifest is not a map of members (W3C MiniApp Packaging, processing algorithm step 2).",
        triggering: [.manifest("1️⃣[\"org.example.demo\"]\n", expected: [.at("1️⃣", "the manifest must be a JSON object, found an array")])],
        nonTriggering: [
            // An object, however incomplete; its missing members are 'manifest-missing-member'.
            .manifest("{ \"app_id\": \"org.example.demo\" }\n")
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let document = model.manifestDocument, let root = document.root, root.members == nil else { return [] }
        return [Finding("the manifest must be a JSON object, found \(root.summary)", at: document.span(root.range))]
    }
}
