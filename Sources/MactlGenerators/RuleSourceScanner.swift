import Foundation
import MiniAppKit

/// Finds the rules by reading their sources, so the registry can be written from them: a rule
/// is a file under `Sources/MiniAppKit/Rules` that declares `public struct Name: Rule` (or
/// `PageRule`, `RunRule`) at the start of a line, with its `RuleDescription(id: …, domain: …)`.
/// The source is read as text because the registry is what makes a rule known to the
/// compiled library: a new rule's file must be found before it is registered.
public enum RuleSourceScanner {
    public static let rulesFolder = "Sources/MiniAppKit/Rules"

    /// One rule as its file declares it.
    public struct DeclaredRule: Sendable, Equatable {
        public var typeName: String
        public var id: String
        public var domain: RuleDomain
    }

    public struct ScanFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Every declared rule, by domain in `RuleDomain.allCases` order (the order of
    /// `docs/rules.md`'s sections), then by id: an order a new rule cannot disturb.
    public static func rules(packageRoot: URL) throws -> [DeclaredRule] {
        let folder = packageRoot.appendingPathComponent(rulesFolder)
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            throw ScanFailure(description: "cannot read \(rulesFolder)")
        }
        let declaration = #/(?m)^public struct (\w+): (?:Page|Run)?Rule\b/#
        let description = #/RuleDescription\(\s*id: "([a-z0-9-]+)",\s*domain: \.(\w+)/#
        var rules: [DeclaredRule] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            let types = text.matches(of: declaration).map { String($0.output.1) }
            guard !types.isEmpty else { continue }
            let path = rulesFolder + "/" + url.path.dropFirst(folder.path.count + 1)
            // One rule per file: the id and domain found belong to the one type declared.
            guard types.count == 1, let match = text.firstMatch(of: description) else {
                throw ScanFailure(description: "\(path): a rule file declares one rule type and its RuleDescription(id:domain:)")
            }
            guard let domain = RuleDomain(rawValue: String(match.output.2)) else {
                throw ScanFailure(description: "\(path): unknown domain '.\(match.output.2)'")
            }
            rules.append(DeclaredRule(typeName: types[0], id: String(match.output.1), domain: domain))
        }
        let domainOrder = Dictionary(uniqueKeysWithValues: RuleDomain.allCases.enumerated().map { ($1, $0) })
        return rules.sorted { (domainOrder[$0.domain]!, $0.id) < (domainOrder[$1.domain]!, $1.id) }
    }
}
