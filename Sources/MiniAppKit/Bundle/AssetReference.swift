/// A file a template or a stylesheet loads: `<img src>`, `<link href>`, `url(...)`.
public struct AssetReference: Sendable, Hashable {
    /// The file that refers to the asset.
    public var source: String
    /// The reference as written.
    public var written: String
    /// The package path it resolves to.
    public var path: String
    public var range: Range<Int>
    /// The `rel` of the `<link>` the reference is the `href` of (`stylesheet`, `icon`,
    /// `preload`), lowercased; nil for every other reference.
    public var linkRelation: String? = nil
}

/// Finds the assets pages and stylesheets load, resolved to package paths.
public enum AssetReferences {
    /// Attributes that load a file, by element (`*` for any element).
    static let loadingAttributes: [(element: String, attribute: String)] = [
        ("*", "src"), ("*", "poster"), ("object", "data"), ("link", "href"), ("use", "href"), ("image", "href"),
    ]

    /// Every local asset reference in the project's pages and CSS files.
    public static func collect(in model: ProjectModel) -> [AssetReference] {
        var references: [AssetReference] = []
        for page in model.pages {
            guard let template = page.template else { continue }
            for element in template.elements {
                for attribute in template.attributes(of: element) {
                    let name = attribute.lowercasedName
                    guard let value = attribute.value, let range = attribute.valueRange else { continue }
                    if name == "srcset" {
                        for candidate in srcsetURLs(value) {
                            guard let path = resolve(candidate.url, from: page.templatePath) else { continue }
                            // Each candidate at its own place when the value is the source text;
                            // the whole value when a character reference was decoded.
                            let start = range.lowerBound + candidate.offset
                            let own = attribute.valueIsVerbatim ? start..<(start + candidate.url.utf8.count) : range
                            references.append(AssetReference(source: page.templatePath, written: candidate.url, path: path, range: own))
                        }
                        continue
                    }
                    guard loadingAttributes.contains(where: { ($0.element == "*" || $0.element == element.name) && $0.attribute == name }),
                        let path = resolve(value, from: page.templatePath)
                    else { continue }
                    var reference = AssetReference(source: page.templatePath, written: value, path: path, range: range)
                    if element.name == "link" {
                        reference.linkRelation = (template.attribute(named: "rel", of: element)?.value ?? "").lowercased()
                    }
                    references.append(reference)
                }
            }
        }
        for path in model.project.paths where path.hasSuffix(".css") {
            guard let file = model.project.file(path) else { continue }
            for url in CSSURLScanner.urls(in: file.bytes) {
                if let resolved = resolve(url.value, from: path) {
                    references.append(AssetReference(source: path, written: url.value, path: resolved, range: url.range))
                }
            }
        }
        return references
    }

    /// The URL of each `srcset` candidate (`a.png 1x, b.png 2x`) and its UTF-8 offset in the
    /// value: the text before the first whitespace of each comma-separated part.
    static func srcsetURLs(_ value: String) -> [(url: String, offset: Int)] {
        var result: [(url: String, offset: Int)] = []
        var offset = 0
        for part in value.split(separator: ",", omittingEmptySubsequences: false) {
            let leading = part.prefix(while: \.isWhitespace)
            let url = part.dropFirst(leading.count).prefix(while: { !$0.isWhitespace })
            if !url.isEmpty { result.append((String(url), offset + leading.utf8.count)) }
            offset += part.utf8.count + 1
        }
        return result
    }

    /// The package path `url` names relative to the file at `base`, or `nil` for URLs that
    /// are not local files (`https:`, `data:`, `#id`, templated values such as `{{x}}`).
    static func resolve(_ url: String, from base: String) -> String? {
        var reference = url.trimmingWhitespace
        if reference.isEmpty || reference.hasPrefix("#") || reference.hasPrefix("//") || reference.contains("{{") { return nil }
        if let colon = reference.firstIndex(of: ":"), reference[..<colon].allSatisfy({ $0.isLetter || $0 == "+" || $0 == "-" || $0 == "." })
        {
            return nil  // a scheme: http, https, data, mailto, tel, javascript
        }
        if let cut = reference.firstIndex(where: { $0 == "?" || $0 == "#" }) { reference = String(reference[..<cut]) }
        reference = reference.removingPercentEncodingIfValid
        var segments = reference.hasPrefix("/") ? [] : base.split(separator: "/").dropLast().map(String.init)
        for segment in reference.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..":
                guard !segments.isEmpty else { return nil }  // leaves the package
                segments.removeLast()
            default: segments.append(String(segment))
            }
        }
        return segments.isEmpty ? nil : segments.joined(separator: "/")
    }
}

extension String {
    /// `%20` → space when the string is valid percent-encoding; itself otherwise.
    var removingPercentEncodingIfValid: String {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        var index = utf8.startIndex
        let view = utf8
        while index < view.endIndex {
            let byte = view[index]
            if byte == UInt8(ascii: "%") {
                let first = view.index(after: index)
                guard first < view.endIndex, view.index(after: first) < view.endIndex,
                    let high = hexValue(view[first]), let low = hexValue(view[view.index(after: first)])
                else { return self }
                bytes.append(high << 4 | low)
                index = view.index(index, offsetBy: 3)
            } else {
                bytes.append(byte)
                index = view.index(after: index)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
