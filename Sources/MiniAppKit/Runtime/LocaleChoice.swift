import Foundation

/// How a runtime picks the translation file for a device: the candidate tags it tries, in
/// order, the first file found winning.
public struct LocaleChoice: Sendable {
    /// The region a language falls back to: `zh` → `CN`.
    public var defaultRegions: [String: String]
    /// The language the manifest's `lang` defaults to, and the last candidate.
    public var lastResort: String

    public init(defaultRegions: [String: String], lastResort: String) {
        self.defaultRegions = defaultRegions
        self.lastResort = lastResort
    }

    /// The tags tried for a device identifier (`zh-Hans_CN`, read as `zh-Hans-CN`) and the
    /// manifest's `lang`: the device tag's chain, the manifest language's chain, then the last
    /// resort. Duplicates keep their first place.
    public func candidates(deviceIdentifier: String, manifestLanguage: String?) -> [String] {
        Self.withoutRepeats(chain(deviceIdentifier: deviceIdentifier) + chain(manifestLanguage ?? lastResort) + [lastResort])
    }

    /// The chain of a device identifier, whose `_` the runtime reads as `-`.
    public func chain(deviceIdentifier: String) -> [String] {
        chain(deviceIdentifier.replacingOccurrences(of: "_", with: "-"))
    }

    /// One tag's chain: itself, its language with the language's default region, its language.
    public func chain(_ tag: String) -> [String] {
        let language = String(tag.split(separator: "-").first ?? Substring(tag))
        var chain = [tag]
        if let region = defaultRegions[language.lowercased()] { chain.append(language + "-" + region) }
        chain.append(language)
        return Self.withoutRepeats(chain)
    }

    static func withoutRepeats(_ tags: [String]) -> [String] {
        var seen: Set<String> = []
        return tags.filter { seen.insert($0).inserted }
    }
}
