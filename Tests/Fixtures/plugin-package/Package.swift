// swift-tools-version:6.1
// A host app that embeds a MiniApp: the build tool plugin packs Sources/HostApp/miniapp into
// miniapp.ma, a resource of HostApp; the command plugin lints it. Used by the plugin test.
import PackageDescription

let package = Package(
    name: "HostApp",
    dependencies: [.package(name: "mactl", path: "../../..")],
    targets: [
        .executableTarget(
            name: "HostApp",
            plugins: [.plugin(name: "MactlPackPlugin", package: "mactl")]
        ),
    ]
)
