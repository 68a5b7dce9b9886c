/// A shipped image over the image budget.
public struct PackageLargeImage: Rule {
    public static let description = RuleDescription(
        id: "package-large-image", domain: .package, severity: .warning,
        summary: "A shipped image is larger than the image budget (200 KB unless '.mactl.yml' 'budgets: image:' says otherwise).",
        rationale: """
            Images are most of a MiniApp's weight, and platforms cap whole packages at about 2 MB; \
            WeChat's code quality check flags images over 200 KB. Make the rule an error in \
            `.mactl.yml` to enforce the budget.
            """,
        triggering: [
            RuleExample(
                files: [("icons/app.svg", MinimalApp.files["icons/app.svg"]!)], configuration: "budgets:\n  image: 100B\n",
                expected: [.file("icons/app.svg", "image 'icons/app.svg' is 190 B, over the image budget of 100 B")])
        ],
        nonTriggering: [
            // An image exactly at the budget.
            RuleExample(files: [("icons/app.svg", MinimalApp.files["icons/app.svg"]!)], configuration: "budgets:\n  image: 190B\n")
        ])

    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "svg", "bmp", "ico", "avif"]

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        let limit = model.configuration.budgets.imageBytes
        return model.bundle.shipped.compactMap { entry in
            let fileExtension = entry.path.split(separator: ".").last.map { $0.lowercased() } ?? ""
            guard Self.imageExtensions.contains(fileExtension), let file = model.project.file(entry.path), file.bytes.count > limit else {
                return nil
            }
            return Finding(
                "image '\(entry.path)' is \(ByteSize.format(file.bytes.count)), over the image budget of \(ByteSize.format(limit))",
                at: .file(entry.path))
        }
    }
}
