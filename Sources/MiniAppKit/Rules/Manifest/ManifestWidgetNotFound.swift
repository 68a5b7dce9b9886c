/// A widget's `path` names a page with no HTML template.
public struct ManifestWidgetNotFound: Rule {
    public static let description = RuleDescription(
        id: "manifest-widget-not-found", domain: .manifest, severity: .error,
        summary: "A widget's 'path' has no '.html' file.",
        rationale: """
            A widget's `path` is a page route; a W3C host refuses a package whose widget paths do \
            not exist (MiniApp Packaging, processing step 4). SkipMiniApp decodes `widgets` but \
            runs none, so under the `skip` runtime this is a warning.
            """,
        runtimeFacts: ["w3c.pages-exist", "skip.icons-decoded-only"],
        triggering: [
            .manifest(
                members: """
                    "widgets": [{ "name": "Clock", "path": 1️⃣"widgets/clock/clock" }]
                    """, expected: [.at("1️⃣", "widget path 'widgets/clock/clock' has no template 'widgets/clock/clock.html'")])
        ],
        nonTriggering: [
            .manifest(
                members: """
                    "widgets": [{ "name": "Clock", "path": "widgets/clock/clock" }]
                    """, files: ["widgets/clock/clock.html": "<body x-data=\"page\"></body>\n"])
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        (model.manifest?["widgets"]?.elements ?? []).compactMap { widget in
            guard let node = widget["path"], let path = node.stringValue,
                let template = ManifestPaths.templatePath(forRoute: path), !model.project.contains(template)
            else { return nil }
            let reference = ProjectModel.PathReference(path: path, node: node, memberPath: "")
            return Finding(
                "widget path '\(path)' has no template '\(template)'", at: model.manifestSpan(node.range),
                notes: ManifestPageNotFound.hints(for: reference, template: template, in: model),
                defaultSeverity: model.runtime.readsIconsAndWidgets ? nil : .warning)
        }
    }
}
