/// A manifest object has a member that no runtime reads.
public struct ManifestUnknownMember: Rule {
    public static let description = RuleDescription(
        id: "manifest-unknown-member", domain: .manifest, severity: .warning,
        summary: "A manifest member is not part of the W3C MiniApp Manifest or a documented extension.",
        rationale: """
            Runtimes skip members they do not know, so a misspelt member (`navigation_bar_titel_text`) \
            is a setting that silently does nothing. Known members are the W3C manifest's, the \
            `tab_bar` extension and SkipMiniApp's `i18n` map. Web app manifest members such as \
            `theme_color` or `start_url` are not supported by MiniApp runtimes. A vendor extension \
            the app relies on can be allowed by turning this rule off in `.mactl.yml`.
            """,
        triggering: [
            .manifest(
                members: """
                    "window": { 1️⃣"navigation_bar_titel_text": "Home" }
                    """,
                expected: [
                    .at("1️⃣", "unknown member 'window.navigation_bar_titel_text'; did you mean 'navigation_bar_title_text'?").fixIt(
                        "\"navigation_bar_title_text\"")
                ])
        ],
        nonTriggering: [
            .manifest(
                members: """
                    "window": { "navigation_bar_title_text": "Home" },
                    "i18n": { "fr": { "name": "Démo", "short_name": "Démo" } }
                    """)
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let walk = model.manifestWalk else { return [] }
        var findings: [Finding] = []
        for object in walk.objects {
            for member in object.node.members ?? [] where object.schema.member(member.key) == nil {
                let path = object.path.isEmpty ? member.key : object.path + "." + member.key
                let span = model.manifestSpan(member.keyRange)
                if object.schema.unsupportedMembers.contains(member.key) {
                    findings.append(
                        Finding(
                            "'\(path)' is a web app manifest member that MiniApp runtimes do not support; it is ignored", at: span))
                    continue
                }
                var message = "unknown member '\(path)'"
                var fixIt: FixIt?
                if let suggestion = NameSuggester.closest(to: member.key, in: object.schema.memberNames), let span {
                    message += "; did you mean '\(suggestion)'?"
                    fixIt = FixIt(message: "replace with '\(suggestion)'", span: span, replacement: "\"\(suggestion)\"")
                }
                findings.append(Finding(message, at: span, fixIt: fixIt))
            }
        }
        return findings
    }
}
