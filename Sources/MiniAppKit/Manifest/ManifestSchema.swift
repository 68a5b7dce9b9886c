/// What the W3C MiniApp Manifest (plus the extensions runtimes document: `tab_bar`,
/// SkipMiniApp's `i18n` map) allows, as data the manifest rules share: member names, types,
/// which are required and which values are allowed. See `docs/manifest.md`.
public indirect enum ManifestType: Sendable {
    case string
    case integer
    case boolean
    case array(ManifestType)
    case object(ManifestObjectSchema)
    /// An object whose keys are free (language tags in `i18n`) and whose values share a type.
    case map(ManifestType)

    /// How a value of this type is named in messages: "a string", "an array of strings".
    public var phrase: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .boolean: "a boolean"
        case .array(let element): "an array of \(element.pluralPhrase)"
        case .object, .map: "an object"
        }
    }

    var pluralPhrase: String {
        switch self {
        case .string: "strings"
        case .integer: "integers"
        case .boolean: "booleans"
        case .array: "arrays"
        case .object, .map: "objects"
        }
    }
}

/// Extra constraints on a string value, each checked by its own rule.
public enum ManifestStringFormat: Sendable, Hashable {
    case oneOf([String], defaultValue: String?)
    case hexColor
    case languageTag
    case iconSizes
}

public struct ManifestMemberSchema: Sendable {
    public var name: String
    public var type: ManifestType
    public var isRequired: Bool
    /// Whether SkipMiniApp's typed manifest (`MiniAppManifest`) declares the member
    /// non-optional, so its decoder fails without it: the W3C required members, and a tab's
    /// `text`, which the W3C-style schema leaves optional. The member types are the decoder's
    /// as they are (`manifest-not-decodable` walks this schema).
    public var isRequiredByDecoder: Bool
    /// A present but empty string is as good as missing to a runtime.
    public var mustBeNonEmpty: Bool
    /// Integers that count something; a negative one makes no sense.
    public var mustBeNonNegative: Bool
    public var format: ManifestStringFormat?
    /// Why a string is refused where an integer is expected, when there is more to say.
    public var integerNote: String?

    public init(
        _ name: String, _ type: ManifestType, required: Bool = false, requiredByDecoder: Bool? = nil, nonEmpty: Bool = false,
        nonNegative: Bool = false, format: ManifestStringFormat? = nil, integerNote: String? = nil
    ) {
        self.name = name
        self.type = type
        self.isRequired = required
        self.isRequiredByDecoder = requiredByDecoder ?? required
        self.mustBeNonEmpty = nonEmpty
        self.mustBeNonNegative = nonNegative
        self.format = format
        self.integerNote = integerNote
    }
}

public struct ManifestObjectSchema: Sendable {
    public var members: [ManifestMemberSchema]
    /// Members a web app manifest author may bring along that MiniApp runtimes ignore;
    /// reported with a message of their own instead of "unknown".
    public var unsupportedMembers: Set<String>

    public init(_ members: [ManifestMemberSchema], unsupportedMembers: Set<String> = []) {
        self.members = members
        self.unsupportedMembers = unsupportedMembers
    }

    public func member(_ name: String) -> ManifestMemberSchema? { members.first { $0.name == name } }
    public var memberNames: [String] { members.map(\.name) }
}

public enum ManifestSchema {
    static let skipDecoderNote =
        "SkipMiniApp's manifest decoder rejects a string here, although the W3C spec's example writes one"

    public static let icon = ManifestObjectSchema([
        .init("src", .string, required: true, nonEmpty: true),
        .init("sizes", .string, format: .iconSizes),
        .init("label", .string),
    ])

    public static let version = ManifestObjectSchema([
        .init("code", .integer, required: true, nonNegative: true),
        .init("name", .string, required: true, nonEmpty: true),
    ])

    public static let platformVersion = ManifestObjectSchema([
        .init("min_code", .integer, required: true, nonNegative: true, integerNote: skipDecoderNote),
        .init("target_code", .integer, nonNegative: true, integerNote: skipDecoderNote),
        .init("release_type", .string),
    ])

    public static let permission = ManifestObjectSchema([
        .init("name", .string, required: true, nonEmpty: true),
        .init("reason", .string, nonEmpty: true),
    ])

    public static let widget = ManifestObjectSchema([
        .init("name", .string, required: true, nonEmpty: true),
        .init("path", .string, required: true, nonEmpty: true),
        .init("min_code", .integer, nonNegative: true, integerNote: skipDecoderNote),
    ])

    public static let window = ManifestObjectSchema([
        .init("auto_design_width", .boolean),
        .init("background_color", .string, format: .hexColor),
        .init("background_text_style", .string, format: .oneOf(["dark", "light"], defaultValue: "dark")),
        .init("design_width", .integer, nonNegative: true),
        .init("enable_pull_down_refresh", .boolean),
        .init("fullscreen", .boolean),
        .init("navigation_bar_background_color", .string, format: .hexColor),
        .init("navigation_bar_text_style", .string, format: .oneOf(["white", "black"], defaultValue: "white")),
        .init("navigation_bar_title_text", .string),
        .init("navigation_style", .string, format: .oneOf(["default", "custom"], defaultValue: "default")),
        .init("on_reach_bottom_distance", .integer, nonNegative: true),
        .init("orientation", .string, format: .oneOf(["portrait", "landscape"], defaultValue: "portrait")),
    ])

    public static let tab = ManifestObjectSchema([
        .init("page", .string, required: true, nonEmpty: true),
        .init("text", .string, requiredByDecoder: true),
        .init("icon", .string, nonEmpty: true),
    ])

    public static let tabBar = ManifestObjectSchema([
        .init("tabs", .array(.object(tab)), required: true)
    ])

    public static let localizedStrings = ManifestObjectSchema([
        .init("name", .string, nonEmpty: true),
        .init("short_name", .string),
        .init("description", .string),
    ])

    public static let root = ManifestObjectSchema(
        [
            .init("app_id", .string, required: true, nonEmpty: true),
            .init("name", .string, required: true, nonEmpty: true),
            .init("short_name", .string),
            .init("description", .string),
            .init("dir", .string, format: .oneOf(["ltr", "rtl", "auto"], defaultValue: "auto")),
            .init("lang", .string, format: .languageTag),
            .init("icons", .array(.object(icon)), required: true),
            .init("color_scheme", .string, format: .oneOf(["auto", "light", "dark"], defaultValue: "auto")),
            .init("device_type", .array(.string)),
            .init("pages", .array(.string), required: true, nonEmpty: true),
            .init("platform_version", .object(platformVersion), required: true),
            .init("version", .object(version), required: true),
            .init("req_permissions", .array(.object(permission))),
            .init("widgets", .array(.object(widget))),
            .init("window", .object(window)),
            .init("tab_bar", .object(tabBar)),
            .init("i18n", .map(.object(localizedStrings))),
        ],
        unsupportedMembers: ["start_url", "scope", "theme_color", "shortcuts", "display", "background_color"])
}
