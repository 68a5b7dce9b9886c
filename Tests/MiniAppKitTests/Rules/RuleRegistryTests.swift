import Foundation
import Testing
@testable import MiniAppKit

/// The registry is generated from the rule files (`RuleSourceScanner`); this test reads the
/// sources with its own pattern, so a rule the scanner missed, and that would never run, fails.
struct RuleRegistryTests {
    static let rulesFolder = GeneratedFilesTests.packageRoot.appendingPathComponent("Sources/MiniAppKit/Rules")

    /// Every `struct Name: Rule` (or `PageRule`) declared under `Sources/MiniAppKit/Rules`.
    static func declaredRuleTypes() throws -> Set<String> {
        let enumerator = try #require(FileManager.default.enumerator(at: rulesFolder, includingPropertiesForKeys: nil))
        let pattern = try Regex(#"(?m)^public struct (\w+): (?:Page|Run)?Rule\b"#)
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
        #expect(declared.subtracting(registered).sorted() == [], "rules missing from the registry; run 'swift run mactl-generate'")
        #expect(Set(registered).subtracting(declared).sorted() == [])
    }

    /// A rule is named after its id, so `ManifestTabCount` is `manifest-tab-count`: the id in a
    /// diagnostic leads to the file without a search. Acronyms keep their capitals.
    @Test func everyRuleTypeIsNamedAfterItsID() {
        for rule in RuleRegistry.all {
            #expect(String(describing: rule) == Self.typeName(forID: rule.description.id), "\(rule) has id \(rule.description.id)")
        }
    }

    /// Every rule's file is named after its type.
    @Test func everyRuleFileIsNamedAfterItsType() throws {
        let enumerator = try #require(FileManager.default.enumerator(at: Self.rulesFolder, includingPropertiesForKeys: nil))
        let pattern = try Regex(#"(?m)^public struct (\w+): (?:Page|Run)?Rule\b"#)
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in text.matches(of: pattern) {
                #expect(match.output[1].substring.map(String.init) == url.deletingPathExtension().lastPathComponent)
            }
        }
    }

    static let acronyms = [
        "api": "API", "html": "HTML", "i18n": "I18n", "id": "ID", "ios": "IOS", "json": "JSON", "png": "PNG",
        "setdata": "SetData", "svg": "SVG", "utf8": "UTF8", "viewbox": "ViewBox", "x": "X",
    ]

    static func typeName(forID id: String) -> String {
        id.split(separator: "-").map { word in acronyms[String(word)] ?? word.prefix(1).uppercased() + word.dropFirst() }.joined()
    }

    @Test func typeNamesFollowTheIDs() {
        #expect(Self.typeName(forID: "manifest-tab-icon-not-svg") == "ManifestTabIconNotSVG")
        #expect(Self.typeName(forID: "template-x-html") == "TemplateXHTML")
    }

    /// A rule names the runtime facts it relies on; each must be a fact of some profile, so
    /// `docs/runtimes.md` can link it to its source.
    @Test func everyRuntimeFactARuleCitesExists() {
        let facts = Set(RuntimeProfile.all.flatMap { $0.facts.map(\.id) })
        for rule in RuleRegistry.descriptions {
            #expect(Set(rule.runtimeFacts).subtracting(facts).sorted() == [], "\(rule.id)")
        }
        let ids = RuntimeProfile.all.flatMap { $0.facts.map(\.id) }
        #expect(Set(ids).count == ids.count, "a fact id is used twice")
        for profile in RuntimeProfile.all {
            #expect(profile.facts.allSatisfy { $0.id.hasPrefix(profile.id + ".") }, "\(profile.id)'s facts are prefixed with its id")
        }
    }
}
