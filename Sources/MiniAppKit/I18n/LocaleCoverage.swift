/// One row of the i18n coverage table in the lint summary.
public struct LocaleCoverage: Sendable, Hashable, Codable {
    public var tag: String
    public var path: String
    public var isDefault: Bool
    /// Keys of the default locale this locale has (for the default: its own keys).
    public var present: Int
    /// For the default locale: keys the app uses that it lacks. For the others: keys of the
    /// default locale they lack.
    public var missing: Int
    /// Keys this locale has that the default locale does not.
    public var extra: Int
    /// The project folder as shown from the current folder ("." for the current one): what
    /// names the table when one lint covers several projects.
    public var project = "."
}

extension ProjectModel {
    /// Coverage of every well-formed locale, the default first, then by tag.
    public var localeCoverage: [LocaleCoverage] {
        guard let defaultCatalog = locales.defaultCatalog else { return [] }
        let defaultKeys = Set(defaultCatalog.entries.map(\.key))
        let usedMissing = Set(translationKeysInUse.map(\.key)).subtracting(defaultKeys)
        var rows = [
            LocaleCoverage(
                tag: defaultCatalog.tag, path: defaultCatalog.path, isDefault: true, present: defaultKeys.count,
                missing: usedMissing.count, extra: 0)
        ]
        for catalog in locales.translations.sorted(by: { $0.tag < $1.tag }) {
            let keys = Set(catalog.entries.map(\.key))
            rows.append(
                LocaleCoverage(
                    tag: catalog.tag, path: catalog.path, isDefault: false, present: keys.intersection(defaultKeys).count,
                    missing: defaultKeys.subtracting(keys).count, extra: keys.subtracting(defaultKeys).count))
        }
        return rows
    }
}
