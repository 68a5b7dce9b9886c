/// An `app_id` that cannot be used as the one folder name the runtime makes of it.
public struct ManifestAppIDUnsafeFolder: Rule {
    public static let description = RuleDescription(
        id: "manifest-app-id-unsafe-folder", domain: .manifest, severity: .error,
        summary: "'app_id' holds a '/', is '.' or '..', or holds characters a folder name cannot.",
        rationale: """
            SkipMiniApp unpacks an app into the folder `<temporary>/miniapp/<app_id>`, deleting \
            whatever is there first. An `app_id` with a `/` names a folder elsewhere (with `..`, \
            outside the runtime's own folder), and `.` or `..` names the folder of every app: \
            loading the app deletes what it should not. A NUL or control character, or a name \
            longer than 255 bytes, is no folder name at all, and the app does not load.
            """,
        runtimeFacts: ["skip.app-id-folder"],
        triggering: [
            .manifest(
                members: """
                    "app_id": 1️⃣"org.example/../shared"
                    """,
                expected: [
                    .at(
                        "1️⃣",
                        "app id 'org.example/../shared' holds a '/': the runtime unpacks the app into the folder 'miniapp/<app_id>' after deleting it, so this reaches another folder"
                    )
                ]),
            .manifest(
                members: """
                    "app_id": 1️⃣".."
                    """, expected: [.at("1️⃣", "app id '..' names the runtime's folder of every app, which loading this app deletes")]),
        ],
        nonTriggering: [
            .manifest(
                members: """
                    "app_id": "org.example..demo"
                    """),
            RuleExample(
                files: [("manifest.json", MinimalApp.manifest(with: #""app_id": "org.example/demo""#))], configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard model.runtime.appIDIsFolderName, let node = model.manifest?["app_id"], let appID = node.stringValue,
            let problem = Self.problem(with: appID)
        else { return [] }
        return [Finding("app id '\(appID)' \(problem)", at: model.manifestSpan(node.range))]
    }

    static func problem(with appID: String) -> String? {
        if appID == "." || appID == ".." {
            return "names the runtime's folder of every app, which loading this app deletes"
        }
        if appID.contains("/") {
            return
                "holds a '/': the runtime unpacks the app into the folder 'miniapp/<app_id>' after deleting it, so this reaches another folder"
        }
        if appID.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "holds a control character, which no folder name can hold, so the app does not load"
        }
        if appID.utf8.count > 255 {
            return "is \(appID.utf8.count) bytes long, longer than a folder name can be (255), so the app does not load"
        }
        return nil
    }
}
