/// A PNG manifest icon whose `sizes` do not include its real dimensions.
public struct IconPNGSizeMismatch: Rule {
    public static let description = RuleDescription(
        id: "icon-png-size-mismatch", domain: .icon, severity: .error,
        summary: "A PNG in the manifest's 'icons' is not one of the sizes its 'sizes' declares, or is not a PNG.",
        rationale: """
            Hosts pick the icon whose declared size fits the slot and scale it from its real size; \
            a 48x48 image declared as 192x192 is blown up and blurry. mactl reads the dimensions \
            from the PNG's header. SkipMiniApp decodes `icons` but never reads them, so under the \
            `skip` runtime this is a warning: the app runs, but is not ready for other hosts.
            """,
        runtimeFacts: ["skip.icons-decoded-only"],
        triggering: [
            .manifest(
                members: """
                    "icons": [{ "src": "icons/app.png", "sizes": 1️⃣"192x192" }]
                    """, binaryFiles: ["icons/app.png": PNGHeader.sample(width: 48, height: 48)],
                expected: [.at("1️⃣", "'icons/app.png' is 48x48, which its declared sizes '192x192' do not include").severity(.warning)])
        ],
        nonTriggering: [
            .manifest(
                members: """
                    "icons": [{ "src": "icons/app.png", "sizes": "48x48 96x96" }]
                    """, binaryFiles: ["icons/app.png": PNGHeader.sample(width: 48, height: 48)])
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        // A runtime that never reads the icons (SkipMiniApp) runs the app all the same.
        let severity: Severity? = model.runtime.readsIconsAndWidgets ? nil : .warning
        return (model.manifest?["icons"]?.elements ?? []).compactMap { icon -> Finding? in
            guard let src = icon["src"]?.stringValue, let path = ManifestPaths.normalized(src), path.lowercased().hasSuffix(".png"),
                let file = model.project.file(path)
            else { return nil }
            guard let size = PNGHeader.dimensions(of: file.bytes) else {
                return Finding(
                    "'\(path)' is named '.png' but is not a PNG image", at: icon["src"].flatMap { model.manifestSpan($0.range) },
                    defaultSeverity: severity)
            }
            guard let sizesNode = icon["sizes"], let sizes = sizesNode.stringValue, ManifestInvalidIconSizes.isValid(sizes) else {
                return nil
            }
            let declared = sizes.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
            guard !declared.contains("any"), !declared.contains("\(size.width)x\(size.height)") else { return nil }
            return Finding(
                "'\(path)' is \(size.width)x\(size.height), which its declared sizes '\(sizes)' do not include",
                at: model.manifestSpan(sizesNode.range), defaultSeverity: severity)
        }
    }
}

/// The dimensions in a PNG's IHDR chunk.
enum PNGHeader {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func dimensions(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func bigEndian(_ offset: Int) -> Int { bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (bigEndian(16), bigEndian(20))
    }

    /// The first bytes of a PNG of this size, for examples and tests.
    static func sample(width: Int, height: Int) -> [UInt8] {
        var bytes = signature + [0, 0, 0, 13] + Array("IHDR".utf8)
        for value in [width, height] {
            bytes += [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
        return bytes
    }
}
