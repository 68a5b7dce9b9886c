/// The parsed project every rule checks: the files, and each file kind parsed into a model
/// whose names carry source spans. Parsing never fails; what could not be parsed is an
/// issue inside the model, which the rules for that kind report.
public struct ProjectModel: Sendable {
    public static let manifestPath = "manifest.json"

    public var project: Project
    public var configuration: Configuration
    /// `nil` when the project has no `manifest.json`.
    public var manifestDocument: JSONDocument?
    /// Every JSON file that was parsed (the manifest today; locale files later).
    public var jsonDocuments: [JSONDocument]
    /// The manifest's root when it is an object: what the manifest rules check.
    public var manifest: JSONNode?
    public var manifestWalk: ManifestWalker?

    public init(project: Project, configuration: Configuration = .default) {
        self.project = project
        self.configuration = configuration
        var documents: [JSONDocument] = []
        if let file = project.file(Self.manifestPath) {
            let document = JSONParser.parse(file)
            manifestDocument = document
            documents.append(document)
            if let root = document.root, root.members != nil {
                manifest = root
                manifestWalk = ManifestWalker(root: root)
            }
        }
        jsonDocuments = documents
    }

    /// The manifest file, for spans. Present whenever `manifest` is.
    public var manifestFile: SourceFile? { manifestDocument?.file }

    public func manifestSpan(_ range: Range<Int>) -> SourceSpan? { manifestFile?.span(range) }
}
