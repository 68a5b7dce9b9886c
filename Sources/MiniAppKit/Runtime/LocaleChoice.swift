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

    /// The tags tried for a device identifier (`zh-Hans_CN`) and the manifest's `lang`:
    /// the device tag, its language with the default region, its language; the same for
    /// the manifest's `lang`; then the last resort. Duplicates keep their first place.
    public func candidates(deviceIdentifier: String, manifestLanguage: String?) -> [String] {
        var tags: [String] = []
        for tag in chain(deviceIdentifier) + chain(manifestLanguage ?? lastResort) + [lastResort] where !tags.contains(tag) {
            tags.append(tag)
        }
        return tags
    }

    /// One tag's chain: itself (with `_` as `-`), its language and default region, its language.
    func chain(_ identifier: String) -> [String] {
        let tag = identifier.replacingOccurrences(of: "_", with: "-")
        let language = String(tag.split(separator: "-").first ?? Substring(tag))
        var chain = [tag]
        if let region = defaultRegions[language] { chain.append(language + "-" + region) }
        chain.append(language)
        return chain
    }
}
