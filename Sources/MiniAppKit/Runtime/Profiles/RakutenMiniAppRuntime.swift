/// Hosts built on Rakuten's MiniApp SDK (`rakutentech/ios-miniapp`, with the JS SDK of
/// `rakutentech/js-miniapp`): a mini app there is a web bundle, a zip whose root holds
/// `index.html`, served to a web view from `mscheme.<app id>://miniapp/`. Every fact was read
/// from the file, commit and function it cites (docs/rakuten.md has what the catalog serves it).
extension RuntimeProfile {
    public static let rakuten = RuntimeProfile(
        id: "rakuten",
        title: "Rakuten MiniApp SDK",
        summary: "Hosts built on Rakuten's MiniApp SDK: a web bundle with index.html at its root.",
        appKind: .webBundle,
        hostAPI: nil,
        requiresRootScriptAndStyle: false,
        readsIconsAndWidgets: false,
        pagesAreAlpineHTML: false,
        copiesOnlyListedPages: false,
        stylesheetsMustBeLinked: false,
        localeChoice: nil,
        navigationURLIsFilePath: false,
        onLoadOptionMembers: nil,
        appIDIsFolderName: true,
        evaluatesScripts: false,
        facts: rakutenFacts)

    static let rakutenSDK = "rakutentech/ios-miniapp"
    static let rakutenSDKCommit = "b514deef"
    static let rakutenJSSDK = "rakutentech/js-miniapp"
    static let rakutenJSSDKCommit = "304e101"

    private static func iosSource(_ file: String, _ symbol: String) -> RuntimeSource {
        RuntimeSource(repository: rakutenSDK, file: file, commit: rakutenSDKCommit, symbol: symbol)
    }

    private static let rakutenFacts: [RuntimeFact] = [
        RuntimeFact(
            "rakuten.index-root",
            "The downloaded zip is unzipped into the version's folder, which must then hold `index.html` at its root; otherwise the download fails with `noRoot` and the app does not open.",
            source: iosSource("Sources/Classes/core/Downloader/MiniAppDownloader.swift", "unzipFile")),
        RuntimeFact(
            "rakuten.zip-url",
            "A file of a version is unzipped only when its storage path ends in `.zip`; any other file is stored as it is.",
            source: iosSource("Sources/Classes/core/Downloader/MiniAppDownloader.swift", "unzipFile")),
        RuntimeFact(
            "rakuten.url-scheme",
            "The app is loaded from `mscheme.<app id>://miniapp/index.html` through a URL scheme handler, so the app id is part of a URL scheme.",
            source: iosSource("Sources/Classes/core/Display/MiniAppWebView.swift", "init")),
        RuntimeFact(
            "rakuten.permission-names",
            "The custom permissions are `rakuten.miniapp.user.USER_NAME`, `PROFILE_PHOTO`, `CONTACT_LIST`, `ACCESS_TOKEN`, `action.SEND_MESSAGE`, `POINTS`, `rakuten.miniapp.device.LOCATION` and `FILE_DOWNLOAD`; a name that is none of them is dropped.",
            source: iosSource(
                "Sources/Classes/core/JavascriptBridge/MiniAppJavaScriptEnumerations.swift",
                "MiniAppCustomPermissionType; MAManifestStorage.getCustomPermissionModel")),
        RuntimeFact(
            "rakuten.metadata-decode",
            "The host decodes the manifest's `reqPermissions` and `optPermissions` as arrays of `{name, reason}` strings, `accessTokenPermissions` as `[{audience, scopes: [String]}]` and `customMetaData` as an object of strings; one value of another type fails the whole decode, and the app's metadata with it.",
            source: iosSource("Sources/Classes/core/Models/MiniAppManifest.swift", "MetaDataCustomPermissionModel")),
        RuntimeFact(
            "rakuten.permission-checks",
            "`user.getUserName`, `getProfilePhoto`, `getContacts`, `getAccessToken`, `getPoints`, `downloadFile`, `chatService.sendMessageToContactId` and `navigator.geolocation.getCurrentPosition` are answered only when the user's stored grant of their permission is allowed; only permissions the manifest declares are ever stored, so the others are denied every time, with no dialog. `sendMessageToContact` and `sendMessageToMultipleContacts` check none.",
            source: iosSource(
                "Sources/Classes/core/JavascriptBridge/MiniAppScriptMessageHandler.swift",
                "handleActionCommand, isUserAllowedPermission; MiniAppJavaScriptPermissionManager.checkCustomPermissionsRequestStatusInCache"
            )),
        RuntimeFact(
            "rakuten.access-token-scopes",
            "`user.getAccessToken(audience, scopes)` is answered only when an entry of the manifest's `accessTokenPermissions` has that audience and every scope asked for; otherwise it fails with `AudienceNotSupportedError` or `ScopesNotSupportedError`.",
            source: iosSource(
                "Sources/Classes/core/JavascriptBridge/MiniAppScriptMessageHandler.swift",
                "fetchTokenDetails; MASDKAccessTokenScopes.isPartOf (Models/MiniAppManifest.swift)")),
        RuntimeFact(
            "rakuten.scheme-files",
            "A request to `mscheme.<id>://miniapp/<path>` reads `<path>` from the version's folder: `/x` and page-relative URLs alike, `..` stopping at the root; a file that is not there fails the request (error 100), and other schemes load from the network.",
            source: iosSource("Sources/Classes/core/Display/URLSchemeHandler.swift", "webView(_:start:), getFileName")),
    ]
}
