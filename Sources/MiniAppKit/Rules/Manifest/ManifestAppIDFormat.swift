/// `app_id` is not in reverse-domain form.
public struct ManifestAppIDFormat: Rule {
    public static let description = RuleDescription(
        id: "manifest-app-id-format", domain: .manifest, severity: .warning,
        summary: "'app_id' is not a reverse-domain name such as 'com.example.app'.",
        rationale: """
            The W3C manifest's common practice for `app_id` is `name *("." name)`, each name a letter \
            followed by letters, digits and inner hyphens, in reverse-domain order. Stores and hosts \
            key installs, storage and signatures on it, and some reject other forms.
            """,
        triggering: [
            .manifest(
                members: """
                    "app_id": 1️⃣"My App"
                    """, expected: [.at("1️⃣", "app id 'My App' is not a reverse-domain name such as 'com.example.app'")])
        ],
        nonTriggering: [
            .manifest(
                members: """
                    "app_id": "com.example.my-app2"
                    """)
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let node = model.manifest?["app_id"], let appID = node.stringValue, !appID.isEmpty,
            !Self.isReverseDomain(appID)
        else { return [] }
        return [Finding("app id '\(appID)' is not a reverse-domain name such as 'com.example.app'", at: model.manifestSpan(node.range))]
    }

    static func isReverseDomain(_ appID: String) -> Bool {
        let names = appID.split(separator: ".", omittingEmptySubsequences: false)
        guard names.count >= 2 else { return false }
        return names.allSatisfy { name in
            guard let first = name.first, let last = name.last, first.isASCII, first.isLetter,
                last.isASCII, last.isLetter || last.isNumber
            else { return false }
            return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }
}
