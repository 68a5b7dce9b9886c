/// `getAccessToken` asks for an audience or scopes that `accessTokenPermissions` does not list.
public struct RakutenAccessTokenScope: Rule {
    public static let description = RuleDescription(
        id: "rakuten-access-token-scope", domain: .rakuten, severity: .error,
        summary: "'getAccessToken' asks for an audience or a scope the manifest's 'accessTokenPermissions' does not list.",
        rationale: """
            Before it answers `user.getAccessToken(audience, scopes)`, the iOS host checks the \
            request against the manifest's `accessTokenPermissions`: the audience must be one \
            of its entries, and every scope asked for must be among that entry's `scopes`. \
            Otherwise the call fails with `AudienceNotSupportedError` or \
            `ScopesNotSupportedError`, every time, whatever the user granted. Only literal \
            arguments are checked, except that with no `accessTokenPermissions` at all every \
            call fails.
            """,
        runtimeFacts: ["rakuten.access-token-scopes"],
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
                            { "name": "rakuten.miniapp.user.ACCESS_TOKEN" }
                          ],
                          "accessTokenPermissions": [{ "audience": "rae", "scopes": ["idinfo_read_openid"] }]
                        }
                        """
                    ),
                    (
                        "main.js",
                        """
                        const sdk = window.MiniApp.default;
                        sdk.user.getUserName().then(console.log);
                        sdk.user.getAccessToken('rae', ['idinfo_read_openid', 1️⃣'memberinfo_read_point']).then(console.log);
                        sdk.user.getAccessToken(2️⃣'api-c', ['service_scope']).then(console.log);

                        """
                    ),
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "scope 'memberinfo_read_point' is not among audience 'rae''s scopes in the manifest's 'accessTokenPermissions': the host answers ScopesNotSupportedError every time"
                    ),
                    .at(
                        "2️⃣",
                        "audience 'api-c' is not in the manifest's 'accessTokenPermissions': the host answers AudienceNotSupportedError every time"
                    ),
                ]),
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
                            { "name": "rakuten.miniapp.user.ACCESS_TOKEN" }
                          ]
                        }
                        """
                    ),
                    (
                        "main.js",
                        """
                        const sdk = window.MiniApp.default;
                        sdk.user.getUserName().then(console.log);
                        sdk.user.1️⃣getAccessToken('rae', ['idinfo_read_openid']).then(console.log);

                        """
                    ),
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "the manifest has no 'accessTokenPermissions' entry, so the host answers AudienceNotSupportedError to every 'getAccessToken'"
                    )
                ]),
        ],
        nonTriggering: [
            .rakuten([
                (
                    "manifest.json",
                    """
                    {
                      "app_id": "org.example.demo",
                      "name": "Demo",
                      "version": { "code": 1, "name": "1.0.0" },
                      "reqPermissions": [
                        { "name": "rakuten.miniapp.user.USER_NAME" },
                        { "name": "rakuten.miniapp.user.ACCESS_TOKEN" }
                      ],
                      "accessTokenPermissions": [{ "audience": "rae", "scopes": ["idinfo_read_openid", "memberinfo_read_point"] }]
                    }
                    """
                ),
                (
                    "main.js",
                    """
                    const sdk = window.MiniApp.default;
                    sdk.user.getUserName().then(console.log);
                    sdk.user.getAccessToken('rae', ['memberinfo_read_point']).then(console.log);
                    // Not literal: not checked.
                    const audience = location.hash.slice(1);
                    sdk.user.getAccessToken(audience, ['anything']).then(console.log);

                    """
                ),
            ])
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let root = model.manifestDocument?.root else { return [] }
        var declared: [String: Set<String>] = [:]
        for entry in root["accessTokenPermissions"]?.elements ?? [] {
            guard let audience = entry["audience"]?.stringValue else { continue }
            // The host takes the first entry of an audience (`isPartOf`): a later one adds nothing.
            if declared[audience] == nil { declared[audience] = Set((entry["scopes"]?.elements ?? []).compactMap(\.stringValue)) }
        }
        var findings: [Finding] = []
        for call in model.rakutenBundle.calls where call.call.method == "getAccessToken" {
            if declared.isEmpty {
                findings.append(
                    Finding(
                        "the manifest has no 'accessTokenPermissions' entry, so the host answers AudienceNotSupportedError to every 'getAccessToken'",
                        at: call.span))
                continue
            }
            guard case .string(let audience, let audienceSpan)? = call.arguments.first else { continue }
            guard let scopes = declared[audience] else {
                findings.append(
                    Finding(
                        "audience '\(audience)' is not in the manifest's 'accessTokenPermissions': the host answers AudienceNotSupportedError every time",
                        at: audienceSpan))
                continue
            }
            guard call.arguments.count >= 2, case .strings(let asked) = call.arguments[1] else { continue }
            for scope in asked where !scopes.contains(scope.text) {
                findings.append(
                    Finding(
                        "scope '\(scope.text)' is not among audience '\(audience)''s scopes in the manifest's 'accessTokenPermissions': the host answers ScopesNotSupportedError every time",
                        at: scope.span))
            }
        }
        return findings
    }
}
