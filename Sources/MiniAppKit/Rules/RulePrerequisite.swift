/// A file a rule cannot judge the project without. When that file is there but does not
/// parse, the rule would report the consequences of the one syntax error many times over
/// (every key unused, every translation extra), so the linter skips it and
/// `project-rules-skipped` says so once.
public enum RulePrerequisite: String, Sendable, CaseIterable {
    /// `manifest.json` parses to an object: the pages, and so every use of a key or an asset.
    case manifest
    /// The default locale's file parses to an object: what every other locale is compared with.
    case defaultLocale
}

extension ProjectModel {
    /// The file that is there but does not parse, for a prerequisite that is not met.
    public func brokenFile(for prerequisite: RulePrerequisite) -> String? {
        switch prerequisite {
        case .manifest:
            return manifestDocument != nil && manifest == nil ? Self.manifestPath : nil
        case .defaultLocale:
            guard let catalog = locales.defaultCatalog, catalog.document.root?.members == nil else { return nil }
            return catalog.path
        }
    }

    /// Whether every prerequisite of a rule is met.
    func canRun(_ description: RuleDescription) -> Bool {
        description.prerequisites.allSatisfy { brokenFile(for: $0) == nil }
    }
}
