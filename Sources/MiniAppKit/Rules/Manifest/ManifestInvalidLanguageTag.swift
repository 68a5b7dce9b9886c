/// `lang` or a key of the `i18n` map is not a BCP 47 language tag.
public struct ManifestInvalidLanguageTag: Rule {
    public static let description = RuleDescription(
        id: "manifest-invalid-language-tag", domain: .manifest, severity: .error,
        summary: "'lang' or an 'i18n' key is not a well-formed BCP 47 language tag.",
        rationale: """
            Runtimes match `lang` against locale files and the device's languages by BCP 47 tag \
            (`en`, `en-US`, `zh-Hans`); `en_US` or `english` matches nothing, so the app falls back \
            to another language.
            """,
        triggering: [
            .manifest(
                members: """
                    "lang": 1️⃣"en_US"
                    """, expected: [.at("1️⃣", "'lang' is not a BCP 47 language tag: 'en_US'; did you mean 'en-US'?").fixIt("\"en-US\"")])
        ],
        nonTriggering: [
            .manifest(
                members: """
                    "lang": "zh-Hans-CN",
                    "i18n": { "fr": { "name": "Démo" } }
                    """)
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        var findings: [Finding] = []
        if let node = model.manifest?["lang"], let tag = node.stringValue, !LanguageTag.isWellFormed(tag) {
            findings.append(finding(tag: tag, what: "'lang'", range: node.range, quoted: true, model: model))
        }
        for member in model.manifest?["i18n"]?.members ?? [] where !LanguageTag.isWellFormed(member.key) {
            findings.append(finding(tag: member.key, what: "'i18n' key", range: member.keyRange, quoted: true, model: model))
        }
        return findings
    }

    private func finding(tag: String, what: String, range: Range<Int>, quoted: Bool, model: ProjectModel) -> Finding {
        var message = "\(what) is not a BCP 47 language tag: '\(tag)'"
        var fixIt: FixIt?
        if let suggestion = LanguageTag.suggestion(for: tag), let span = model.manifestSpan(range) {
            message += "; did you mean '\(suggestion)'?"
            fixIt = FixIt(message: "replace with '\(suggestion)'", span: span, replacement: "\"\(suggestion)\"")
        }
        return Finding(message, at: model.manifestSpan(range), fixIt: fixIt)
    }
}
