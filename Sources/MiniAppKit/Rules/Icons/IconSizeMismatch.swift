import Foundation

/// width/height that do not have the viewBox's proportions.
public struct IconSizeMismatch: Rule {
    public static let description = RuleDescription(
        id: "icon-size-mismatch", domain: .icon, severity: .warning,
        summary: "An icon's 'width' and 'height' do not have the proportions of its 'viewBox'.",
        rationale:
            "When the intrinsic size and the viewBox disagree, renderers letterbox or stretch the drawing, so the icon looks smaller than its neighbours or off-centre.",
        triggering: [
            .file(
                "icons/app.svg",
                "1️⃣<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\" width=\"48\" height=\"24\"><circle cx=\"12\" cy=\"12\" r=\"10\"/></svg>\n",
                expected: [.at("1️⃣", "width 48 and height 24 (2:1) do not have the proportions of the viewBox 24 × 24 (1:1)")])
        ],
        nonTriggering: [
            .file(
                "icons/app.svg",
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\" width=\"48px\" height=\"48px\"><circle cx=\"12\" cy=\"12\" r=\"10\"/></svg>\n"
            )
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.icons.compactMap { icon in
            guard let root = icon.document.root, let viewBox = icon.viewBox,
                let width = root.length("width"), let height = root.length("height"), width > 0, height > 0
            else { return nil }
            let ratio = width / height
            let viewBoxRatio = viewBox.width / viewBox.height
            guard abs(ratio - viewBoxRatio) / viewBoxRatio > 0.01 else { return nil }
            return Finding(
                "width \(Self.format(width)) and height \(Self.format(height)) (\(Self.ratio(width, height))) do not have the proportions of the viewBox \(Self.format(viewBox.width)) × \(Self.format(viewBox.height)) (\(Self.ratio(viewBox.width, viewBox.height)))",
                at: icon.span(root.range))
        }
    }

    /// A whole number as one, anything else (a fraction, or a size past `Int`, which a viewBox
    /// of 4.8e100 is, and which once trapped here) as a `Double` prints.
    static func format(_ value: Double) -> String {
        Int(exactly: value).map(String.init) ?? String(value)
    }

    static func ratio(_ width: Double, _ height: Double) -> String {
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
        guard width == width.rounded(), height == height.rounded(), width < 100_000, height < 100_000 else {
            return String(format: "%.2f:1", width / height)
        }
        let divisor = max(1, gcd(Int(width), Int(height)))
        return "\(Int(width) / divisor):\(Int(height) / divisor)"
    }
}
