/// Every rule mactl runs, and how to find one. The list itself, `all`, is written by
/// `swift run mactl-generate` from the rule files (`Registry+Generated.swift`): adding a rule
/// is adding its file and running the generator.
public enum RuleRegistry {
    public static var descriptions: [RuleDescription] { all.map { $0.description } }

    public static var allIDs: [String] { all.map { $0.description.id } }

    /// The ids of the rules that check each page on its own (`PageRule`).
    public static let pageRuleIDs: Set<String> = Set(all.compactMap { $0.asPageRule?.description.id })

    public static func description(for id: String) -> RuleDescription? {
        all.first { $0.description.id == id }?.description
    }
}
