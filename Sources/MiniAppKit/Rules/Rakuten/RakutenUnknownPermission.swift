/// A permission name the SDK does not know.
public struct RakutenUnknownPermission: Rule {
    public static let description = RuleDescription(
        id: "rakuten-unknown-permission", domain: .rakuten, severity: .warning,
        summary: "A permission in 'reqPermissions' or 'optPermissions' is not one the SDK knows: the host drops it.",
        rationale: """
            The host keeps only the eight custom permissions it knows \
            (`rakuten.miniapp.user.USER_NAME`, `PROFILE_PHOTO`, `CONTACT_LIST`, `ACCESS_TOKEN`, \
            `action.SEND_MESSAGE`, `POINTS`, `rakuten.miniapp.device.LOCATION`, \
            `FILE_DOWNLOAD`) and drops any other name without a word. A misspelt name is a \
            permission never granted: the calls it was meant for are denied.
            """,
        runtimeFacts: ["rakuten.permission-names"],
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
                          "reqPermissions": [
                            { "name": "rakuten.miniapp.user.USER_NAME" },
                            { "name": 1️⃣"rakuten.miniapp.user.POINT" }
                          ]
                        }
                        """
                    ),
                    (
                        "main.js",
                        "const sdk = window.MiniApp.default;\nsdk.user.getUserName().then(console.log);\nsdk.getPoints().then(console.log);\n"
                    ),
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'rakuten.miniapp.user.POINT' is not a permission the SDK knows, so the host drops it; did you mean 'rakuten.miniapp.user.POINTS'?"
                    ).fixIt("\"rakuten.miniapp.user.POINTS\"")
                ])
        ],
        nonTriggering: [.rakuten([])])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.rakutenBundle.declared.filter { $0.permission == nil }.map { declared in
            let suggestion = NameSuggester.closest(to: declared.name, in: RakutenPermission.allCases.map(\.rawValue))
            let hint =
                suggestion.map { "; did you mean '\($0)'?" }
                ?? "; the SDK knows \(RakutenPermission.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))"
            return Finding(
                "'\(declared.name)' is not a permission the SDK knows, so the host drops it\(hint)", at: declared.span,
                fixIt: suggestion.map { FixIt(message: "use '\($0)'", span: declared.span, replacement: "\"\($0)\"") })
        }
    }
}
