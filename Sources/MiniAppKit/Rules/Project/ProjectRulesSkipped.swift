/// Rules that were not run because a file they need does not parse.
public struct ProjectRulesSkipped: Rule {
    public static let description = RuleDescription(
        id: "project-rules-skipped", domain: .project, severity: .note,
        summary: "Some rules were not run because 'manifest.json' or the default locale's file does not parse.",
        rationale: """
            A manifest that does not parse hides every page, so every translation key and asset \
            would look unused; a default locale that does not parse would make every key of every \
            other locale look extra. Instead of a wall of such consequences, the rules that need \
            the file wait until it parses, and this note says which they are. Fix the syntax error \
            reported with it first.
            """,
        appKinds: Set(AppKind.allCases),
        triggering: [
            RuleExample(
                files: [
                    ("manifest.json", I18nExample.manifest),
                    ("i18n/en.json", "{ \"home.title\" 1️⃣\"Welcome\" }\n"),
                    ("i18n/fr.json", "{ \"home.title\": \"Bienvenue\" }\n"),
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'i18n/en.json' does not parse, so the rules that compare locales with it were not run: i18n-extra-key, i18n-missing-key, i18n-placeholder-mismatch, i18n-untranslated-key, i18n-unused-key"
                    )
                ])
        ],
        nonTriggering: [
            RuleExample(files: [
                ("manifest.json", I18nExample.manifest),
                ("i18n/en.json", "{ \"home.title\": \"Welcome\" }\n"),
                ("i18n/fr.json", "{ \"home.title\" \"Bienvenue\" }\n"),
            ])
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        RulePrerequisite.allCases.compactMap { prerequisite -> Finding? in
            guard let path = model.brokenFile(for: prerequisite),
                let document = model.jsonDocuments.first(where: { $0.file.path == path })
            else { return nil }
            // Only the rules that would have run and had something to look at: a project with
            // no translations loses nothing when the i18n rules wait.
            let skipped = RuleRegistry.descriptions
                .filter { $0.prerequisites.contains(prerequisite) && model.configuration.severity(for: $0) != nil }
                .filter { Self.hasMaterial($0, waitingFor: prerequisite, in: model) }
                .map(\.id)
            guard !skipped.isEmpty else { return nil }
            let waiting = prerequisite == .manifest ? "that need the pages" : "that compare locales with it"
            // At the syntax error, so the note follows the error it explains.
            let start = document.issues.first?.range.lowerBound ?? document.root?.range.lowerBound ?? 0
            return Finding(
                "'\(path)' does not parse, so the rules \(waiting) were not run: \(skipped.sorted().joined(separator: ", "))",
                at: document.file.span(start..<min(start + 1, document.file.bytes.count)))
        }
    }

    /// Whether the project has anything the rule would check.
    static func hasMaterial(_ rule: RuleDescription, waitingFor prerequisite: RulePrerequisite, in model: ProjectModel) -> Bool {
        switch rule.domain {
        case .i18n:
            prerequisite == .defaultLocale
                ? model.locales.catalogs.count > 1 || !model.translationKeyUses.uses.isEmpty
                : !model.locales.catalogs.isEmpty
        case .package:
            model.project.paths.contains { $0.hasPrefix("assets/") }
        default:
            true
        }
    }
}
