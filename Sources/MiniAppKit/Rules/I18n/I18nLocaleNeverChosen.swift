/// A locale file the runtime's choice of locale can never pick.
public struct I18nLocaleNeverChosen: Rule {
    public static let description = RuleDescription(
        id: "i18n-locale-never-chosen", domain: .i18n, severity: .note,
        summary: "No device's language leads the runtime to this locale file.",
        rationale: """
            SkipMiniApp tries, in order: the device's tag (`zh-Hans_CN` as `zh-Hans-CN`), its \
            language with the language's default region (`zh-CN`), its language (`zh`), the same \
            for the manifest's `lang`, then `en`; the first file found wins. A phone's tag always \
            has a region, so `zh-Hans.json` is never the first found (a `zh-Hans_CN` phone gets \
            `zh-CN.json`, `zh.json`, or the manifest's language), and `zh.json` is never reached \
            when `zh-CN.json` exists. Such a file is translated work no user sees. mactl tries every \
            language and region the files name, and reports the files no device reaches, with \
            what a device of that language gets instead.
            """,
        runtimeFacts: ["skip.locale-chain"],
        triggering: [
            RuleExample(
                files: [
                    ("manifest.json", MinimalApp.manifest(with: #""lang": "en-US""#)),
                    ("i18n/en-US.json", "{ \"title\": \"Hello\" }\n"),
                    ("i18n/zh-Hans.json", "1️⃣{ \"title\": \"你好\" }\n"),
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'i18n/zh-Hans.json' is never chosen: a 'zh-Hans_CN' device tries zh-Hans-CN, zh-CN, zh and gets 'i18n/en-US.json'; name the file 'zh-CN.json' or 'zh.json'"
                    )
                ]),
            RuleExample(
                files: [
                    ("manifest.json", I18nExample.manifest),
                    ("i18n/en.json", "{ \"title\": \"Hello\" }\n"),
                    ("i18n/pt-PT.json", "{ \"title\": \"Olá\" }\n"),
                    ("i18n/pt.json", "1️⃣{ \"title\": \"Olá\" }\n"),
                ],
                expected: [.at("1️⃣", "'i18n/pt.json' is never chosen: a 'pt_BR' device tries pt-BR, pt-PT, pt and gets 'i18n/pt-PT.json'")]),
            RuleExample(
                files: [
                    ("manifest.json", I18nExample.manifest),
                    ("i18n/en.json", "{ \"title\": \"Hello\" }\n"),
                    ("i18n/jp.json", "1️⃣{ \"title\": \"こんにちは\" }\n"),
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'i18n/jp.json' is never chosen: 'jp' is a country code, not a language, and a 'ja_JP' device tries ja-JP, ja and gets 'i18n/en.json'; name the file 'ja.json'"
                    )
                ]),
        ],
        nonTriggering: [
            RuleExample(files: [
                ("manifest.json", I18nExample.manifest),
                ("i18n/en.json", "{ \"title\": \"Hello\" }\n"),
                ("i18n/zh-CN.json", "{ \"title\": \"你好\" }\n"),
                ("i18n/zh-Hant-TW.json", "{ \"title\": \"你好\" }\n"),
                ("i18n/pt.json", "{ \"title\": \"Olá\" }\n"),
                ("i18n/pt-BR.json", "{ \"title\": \"Olá\" }\n"),
            ]),
            RuleExample(
                files: [("manifest.json", I18nExample.manifest), ("i18n/en.json", "{}\n"), ("i18n/zh-Hans.json", "{}\n")],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let choice = model.runtime.localeChoice else { return [] }
        let catalogs = model.locales.catalogs.filter { LanguageTag.isWellFormed($0.tag) }
        // File systems on phones may ignore case, so a tag matches in any case: only what no
        // lookup can reach is reported.
        let tags = catalogs.map(\.tag)
        let manifestLanguage = model.manifest?["lang"]?.stringValue
        let chosen = Set(
            Self.deviceIdentifiers(for: tags, choice: choice).compactMap { device in
                LocaleResolver.first(of: choice.candidates(deviceIdentifier: device, manifestLanguage: manifestLanguage), in: tags)
            })
        return catalogs.filter { !chosen.contains($0.tag) || Self.countryCodes[LanguageSubtags($0.tag).language] != nil }.map { catalog in
            let language = LanguageSubtags(catalog.tag).language
            if let meant = Self.countryCodes[language] {
                // No phone has a language such as `jp`: the tags above took it for one.
                let subtags = LanguageSubtags(meant)
                let device = "\(subtags.language)_\(subtags.region ?? choice.defaultRegions[subtags.language] ?? "ZZ")"
                let candidates = choice.candidates(deviceIdentifier: device, manifestLanguage: manifestLanguage)
                let instead =
                    LocaleResolver.first(of: candidates, in: tags.filter { LanguageSubtags($0).language != language }).map {
                        "gets 'i18n/\($0).json'"
                    } ?? "gets no file"
                return Finding(
                    "'\(catalog.path)' is never chosen: '\(language)' is a country code, not a language, and a '\(device)' device tries \(choice.chain(deviceIdentifier: device).joined(separator: ", ")) and \(instead); name the file '\(meant).json'",
                    at: catalog.fileSpan)
            }
            let device = Self.representativeDevice(for: catalog.tag, choice: choice)
            let chain = choice.chain(deviceIdentifier: device)
            let candidates = choice.candidates(deviceIdentifier: device, manifestLanguage: manifestLanguage)
            let instead = LocaleResolver.first(of: candidates, in: tags).map { "gets 'i18n/\($0).json'" } ?? "gets no file"
            var message = "'\(catalog.path)' is never chosen: a '\(device)' device tries \(chain.joined(separator: ", ")) and \(instead)"
            let names = Self.reachableNames(for: catalog.tag, choice: choice).filter { LocaleResolver.first(of: [$0], in: tags) == nil }
            if !names.isEmpty {
                message += "; name the file " + names.map { "'\($0).json'" }.joined(separator: " or ")
            }
            return Finding(message, at: catalog.fileSpan)
        }
    }

    /// Country codes written where the language goes (`jp.json` for Japanese), with the
    /// language meant. Only codes that are no ISO 639 language: `br` (Breton) and `se`
    /// (Northern Sami) are languages.
    static let countryCodes = [
        "jp": "ja", "cn": "zh", "kr": "ko", "gr": "el", "dk": "da", "cz": "cs", "ua": "uk", "vn": "vi",
        "tw": "zh-TW", "hk": "zh-HK", "us": "en-US", "gb": "en-GB",
    ]

    /// Phones report a language, maybe a script, and always a region. Every language, script
    /// and region the files name is tried, with each language's default region and a region
    /// no file names.
    static func deviceIdentifiers(for tags: [String], choice: LocaleChoice) -> [String] {
        let subtags = tags.map(LanguageSubtags.init)
        let languages = Set(subtags.map(\.language)).union(["xx"])
        let scripts = Set(subtags.compactMap(\.script))
        var regions = Set(subtags.compactMap(\.region)).union(["ZZ"])
        regions.formUnion(choice.defaultRegions.values)
        var devices: [String] = []
        for language in languages.sorted() {
            for region in regions.sorted() {
                devices.append("\(language)_\(region)")
                devices += scripts.sorted().map { "\(language)-\($0)_\(region)" }
            }
        }
        return devices
    }

    /// The device an author of this file had in mind: its language, script and region, with
    /// the language's default region (or `BR` for Portuguese's other big market) when it has none.
    static func representativeDevice(for tag: String, choice: LocaleChoice) -> String {
        let subtags = LanguageSubtags(tag)
        let defaultRegion = choice.defaultRegions[subtags.language]
        var region = subtags.region ?? defaultRegion ?? "ZZ"
        // A bare-language file shadowed by its default region: show another region of it.
        if subtags.region == nil, subtags.script == nil, region == defaultRegion {
            region = otherRegion(of: subtags.language, besides: region)
        }
        return subtags.script.map { "\(subtags.language)-\($0)_\(region)" } ?? "\(subtags.language)_\(region)"
    }

    /// The names this file could have to be reached: its language with the default region, and
    /// its language alone.
    static func reachableNames(for tag: String, choice: LocaleChoice) -> [String] {
        let subtags = LanguageSubtags(tag)
        guard subtags.script != nil else { return [] }
        return [choice.defaultRegions[subtags.language].map { "\(subtags.language)-\($0)" }, subtags.language].compactMap { $0 }
    }

    static func otherRegion(of language: String, besides region: String) -> String {
        ["pt": "BR", "es": "MX", "en": "GB", "fr": "CA", "zh": "TW", "de": "AT", "ar": "EG", "nl": "BE"][language] ?? "ZZ"
    }
}

/// A tag's language, script and region in the casing device identifiers use.
struct LanguageSubtags {
    var language: String
    var script: String?
    var region: String?

    init(_ tag: String) {
        let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        language = parts.first?.lowercased() ?? tag
        for part in parts.dropFirst() {
            if part.count == 4, script == nil, region == nil, part.allSatisfy(\.isLetter) {
                script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if region == nil, (part.count == 2 && part.allSatisfy(\.isLetter)) || (part.count == 3 && part.allSatisfy(\.isNumber)) {
                region = part.uppercased()
            }
        }
    }
}
