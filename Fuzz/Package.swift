// swift-tools-version:6.1
// The libFuzzer executables, one per parser (see FuzzTarget in MiniAppKitTestSupport). A package of its
// own so that the project's normal build never sees them: they only link with the sanitizer
// and libFuzzer flags that scripts/fuzz.sh passes.
import PackageDescription

let targetNames = [
    "json", "json-compact", "template", "script-lexer", "script-engine", "i18n", "svg", "css", "expression", "config", "zip", "verify",
]

let package = Package(
    name: "mactl-fuzz",
    dependencies: [.package(name: "mactl", path: "..")],
    targets: [
        .target(name: "CFuzzDriver"),
        .target(name: "FuzzDriver", dependencies: ["CFuzzDriver", .product(name: "MiniAppKitTestSupport", package: "mactl")]),
    ]
        + targetNames.map { name in
            .executableTarget(name: "fuzz-\(name)", dependencies: ["FuzzDriver"], path: "Targets/fuzz-\(name)")
        }
)
