import Foundation

/// The mactl package's root folder, found from this file's place in it
/// (`Sources/MiniAppKitTestSupport/`): the one way tests find fixtures, docs and sources.
public enum PackageRoot {
    public static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
