/// The version reported by `mactl --version`, SARIF and build reports.
public enum MactlVersion {
    public static let current = "0.1.0"
}

/// Where mactl's documentation is published, for links in what tools show (SARIF's helpUri).
public enum MactlDocumentation {
    /// The project's home; the one place its address is written.
    public static let repository = "https://github.com/mactl/mactl"

    /// A place in the documentation of this version: `page` is a file under `docs/` and its
    /// anchor (`rules.md#manifest-tab-count`), read at the version's tag, so the text matches
    /// what this binary does. GitHub names a heading's anchor after its text, and each rule's
    /// heading is its id; the tables of `verify.md` and `catalog.md` anchor each id.
    public static func url(_ page: String) -> String {
        "\(repository)/blob/v\(MactlVersion.current)/docs/\(page)"
    }
}
