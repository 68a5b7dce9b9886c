/// The custom permissions of Rakuten's MiniApp SDK, and the SDK calls the iOS host answers
/// only when the user has granted one (docs/rakuten.md, "Permissions"). A permission the
/// manifest does not declare is never stored, so its calls are denied every time.
public enum RakutenPermission: String, Sendable, CaseIterable, Comparable {
    case userName = "rakuten.miniapp.user.USER_NAME"
    case profilePhoto = "rakuten.miniapp.user.PROFILE_PHOTO"
    case contactList = "rakuten.miniapp.user.CONTACT_LIST"
    case accessToken = "rakuten.miniapp.user.ACCESS_TOKEN"
    case sendMessage = "rakuten.miniapp.user.action.SEND_MESSAGE"
    case points = "rakuten.miniapp.user.POINTS"
    case location = "rakuten.miniapp.device.LOCATION"
    case fileDownload = "rakuten.miniapp.device.FILE_DOWNLOAD"

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The manifest lists that grant permissions: required ones the user accepts before the app
    /// opens, optional ones the user may accept.
    public static let manifestLists = ["reqPermissions", "optPermissions"]
}

/// An SDK call the host checks a permission for, as it is written in a script: the method, and
/// the object it is called on (`user` for `MiniApp.user.getUserName()`, `sdk` for a method of
/// the SDK object itself).
public struct RakutenCheckedCall: Sendable, Hashable {
    public enum Receiver: Sendable, Hashable {
        /// The SDK object: `MiniApp.default` from the bundled script, or the module's default
        /// export.
        case sdk
        /// A member object of the SDK (`user`, `chatService`).
        case member(String)
        /// `navigator.geolocation`, which the host's injected bridge replaces.
        case geolocation
    }

    public var method: String
    public var receivers: [Receiver]
    public var permission: RakutenPermission
    /// The iOS host's handler that checks the permission (ios-miniapp
    /// `MiniAppScriptMessageHandler.swift`).
    public var handler: String

    /// Every checked call (ios-miniapp b514deef, `MiniAppScriptMessageHandler.handleActionCommand`).
    /// `sendMessageToContact` and `sendMessageToMultipleContacts` check no permission.
    public static let all: [RakutenCheckedCall] = [
        RakutenCheckedCall(method: "getUserName", receivers: [.member("user")], permission: .userName, handler: "fetchUserName"),
        RakutenCheckedCall(
            method: "getProfilePhoto", receivers: [.member("user")], permission: .profilePhoto, handler: "fetchProfilePhoto"),
        RakutenCheckedCall(method: "getContacts", receivers: [.member("user")], permission: .contactList, handler: "fetchContacts"),
        RakutenCheckedCall(
            method: "getAccessToken", receivers: [.member("user")], permission: .accessToken, handler: "fetchTokenDetails"),
        RakutenCheckedCall(method: "getPoints", receivers: [.sdk, .member("user")], permission: .points, handler: "fetchPoints"),
        RakutenCheckedCall(method: "downloadFile", receivers: [.sdk], permission: .fileDownload, handler: "downloadFile"),
        RakutenCheckedCall(
            method: "sendMessageToContactId", receivers: [.member("chatService")], permission: .sendMessage,
            handler: "sendMessageToContactId"),
        RakutenCheckedCall(
            method: "requestLocationPermission", receivers: [.sdk], permission: .location, handler: "getCurrentPosition"),
        RakutenCheckedCall(
            method: "getCurrentPosition", receivers: [.geolocation], permission: .location, handler: "getCurrentPosition"),
    ]
}
