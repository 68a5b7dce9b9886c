/// The version reported by `mactl --version`, SARIF and build reports.
public enum MactlVersion {
    public static let current = "0.1.0"
}

/// Where mactl's documentation is published, for links in what tools show (SARIF's helpUri).
public enum MactlDocumentation {
    /// The project's home; the one place its address is written.
    public static let repository = "https://github.com/mactl/mactl"

    /// The rule's section in the rule reference of this version (`docs/rules.md` at the
    /// version's tag, so the text matches the rule this binary runs); GitHub names a heading's
    /// anchor after its text, and each rule's heading is its id.
    public static func ruleURL(_ id: String) -> String {
        "\(repository)/blob/v\(MactlVersion.current)/docs/rules.md#\(id)"
    }
}
