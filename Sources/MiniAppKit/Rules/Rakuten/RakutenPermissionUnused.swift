/// The manifest declares a permission that no script's SDK call needs.
public struct RakutenPermissionUnused: Rule {
    public static let description = RuleDescription(
        id: "rakuten-permission-unused", domain: .rakuten, severity: .note,
        summary: "The manifest declares a permission that no SDK call of the bundle's scripts needs.",
        rationale: """
            Every declared permission is put to the user before the app opens (required ones \
            must be accepted), so one nothing uses asks for trust for nothing. It changes no \
            call's outcome. Only calls this rule can see count: one made through a name it \
            cannot follow (a function's parameter, a computed member) is missed, so check \
            before removing the permission. `FILE_DOWNLOAD` also lets a page follow a `data:` \
            link, and is not reported in a bundle that has one.
            """,
        runtimeFacts: ["rakuten.permission-checks"],
        triggering: [
            .rakuten(
                [
                    (
                        "manifest.json",
                        """
                        {
                          "app_id": "org.example.demo",
                          "name": "Demo",
                          "version": { "code": 1, "name": "1.0.0" },
                          "reqPermissions": [{ "name": "rakuten.miniapp.user.USER_NAME" }],
                          "optPermissions": [{ "name": 1️⃣"rakuten.miniapp.user.CONTACT_LIST" }]
                        }
                        """
                    )
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'rakuten.miniapp.user.CONTACT_LIST' is declared in 'optPermissions', but no script calls what it grants ('getContacts')"
                    )
                ])
        ],
        nonTriggering: [.rakuten([])])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        let bundle = model.rakutenBundle
        let used = Set(bundle.calls.map(\.call.permission))
        let followsDataLinks = model.project.paths.contains { path in
            guard let file = model.project.file(path), path.lowercased().hasSuffix(".html") || RakutenBundle.isAuthorScript(path) else {
                return false
            }
            return file.text.contains("data:")
        }
        var reported: Set<RakutenPermission> = []
        return bundle.declared.compactMap { declared in
            guard let permission = declared.permission, !used.contains(permission), reported.insert(permission).inserted,
                !(permission == .fileDownload && followsDataLinks)
            else { return nil }
            let methods = RakutenCheckedCall.all.filter { $0.permission == permission }.map { "'\($0.method)'" }
            return Finding(
                "'\(declared.name)' is declared in '\(declared.list)', but no script calls what it grants (\(methods.joined(separator: ", ")))",
                at: declared.span)
        }
    }
}
