import Foundation
import Testing
@testable import MiniAppKit

/// Adding a rule touches its file and one line of the registry; a rule whose line was
/// forgotten would never run, so this test reads the rule sources and checks the registry.
struct RuleRegistryTests {
    static let rulesFolder = GeneratedFilesTests.packageRoot.appendingPathComponent("Sources/MiniAppKit/Rules")

    /// Every `struct Name: Rule` declared under `Sources/MiniAppKit/Rules`.
    static func declaredRuleTypes() throws -> Set<String> {
        let enumerator = try #require(FileManager.default.enumerator(at: rulesFolder, includingPropertiesForKeys: nil))
        let pattern = try Regex(#"(?m)^public struct (\w+): Rule\b"#)
        var names: Set<String> = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in text.matches(of: pattern) {
                if let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        return names
    }

    @Test func everyRuleTypeIsRegisteredOnce() throws {
        let registered = RuleRegistry.all.map { String(describing: $0) }
        #expect(Set(registered).count == registered.count, "a rule is registered twice")
        let declared = try Self.declaredRuleTypes()
        #expect(declared.count > 90)
        #expect(declared.subtracting(registered).sorted() == [], "rules missing from Rules/Registry.swift")
        #expect(Set(registered).subtracting(declared).sorted() == [])
    }
}
