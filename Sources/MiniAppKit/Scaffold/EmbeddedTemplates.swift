/// The scaffold templates, compiled into the binary so that an installed `mactl` works from
/// any folder. The file contents live in `EmbeddedTemplates+Generated.swift`, written from
/// `Templates/` by `swift run mactl-generate`; a test fails when it is stale.
public enum EmbeddedTemplates {
    /// What each template is for, shown by `mactl new --help` and in errors.
    public static let summaries: [String: String] = [
        "tabs": "a 3-tab app with a detail page, i18n in English and French, and SVG tab icons",
        "blank": "one page, one locale, one icon",
        "rakuten": "a web bundle for hosts built on Rakuten's MiniApp SDK, the JS SDK from npm",
    ]

    public static var names: [String] { files.keys.sorted() }
}
