/// A script calls the SDK for something a permission guards, and the manifest does not declare
/// that permission.
public struct RakutenPermissionUndeclared: Rule {
    public static let description = RuleDescription(
        id: "rakuten-permission-undeclared", domain: .rakuten, severity: .error,
        summary: "A script makes an SDK call whose permission the manifest does not declare: the host denies it every time.",
        rationale: """
            The iOS host answers `user.getUserName()`, `getProfilePhoto()`, `getContacts()`, \
            `getAccessToken()`, `getPoints()`, `downloadFile()`, \
            `chatService.sendMessageToContactId()` and `navigator.geolocation.getCurrentPosition()` \
            (which its bridge replaces) only when the user has granted the call's permission. \
            The host stores grants only for permissions the manifest declares in \
            `reqPermissions` or `optPermissions`; for any other the call is denied, every \
            time, with no dialog. Declare it in `reqPermissions` (asked before the app opens) \
            or `optPermissions` (the user may refuse). Calls are found on the SDK object \
            (`MiniApp.default`, the module's default import, or a name bound to either) and \
            on its `user` and `chatService` objects.
            """,
        runtimeFacts: ["rakuten.permission-checks"],
        triggering: [
            .rakuten(
                [
                    (
                        "main.js",
                        """
                        const sdk = window.MiniApp.default;
                        sdk.user.getUserName().then((name) => console.log(name));
                        sdk.1️⃣getPoints().then((points) => console.log(points.standard));

                        """
                    )
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'getPoints' needs the permission 'rakuten.miniapp.user.POINTS', which the manifest does not declare in 'reqPermissions' or 'optPermissions': the host denies it every time"
                    )
                ])
        ],
        nonTriggering: [
            .rakuten([
                (
                    "main.js",
                    """
                    import MiniApp from 'js-miniapp-sdk';
                    MiniApp.user.getUserName().then((name) => console.log(name));
                    // Not the SDK's: a method of the app's own object.
                    const game = { getPoints() { return 3; } };
                    game.getPoints();

                    """
                )
            ])
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        let bundle = model.rakutenBundle
        let declared = Set(bundle.declared.compactMap(\.permission))
        return bundle.calls.filter { !declared.contains($0.call.permission) }.map { call in
            Finding(
                "'\(call.call.method)' needs the permission '\(call.call.permission.rawValue)', which the manifest does not declare in 'reqPermissions' or 'optPermissions': the host denies it every time",
                at: call.span)
        }
    }
}
