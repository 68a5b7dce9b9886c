// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "mactl",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "mactl", targets: ["mactl"]),
        .library(name: "MiniAppKit", targets: ["MiniAppKit"]),
        // What tests and the fuzzers share, kept out of the production library (as
        // swift-format's _SwiftFormatTestSupport): the fuzz harness, golden files, markers.
        .library(name: "MiniAppKitTestSupport", targets: ["MiniAppKitTestSupport"]),
        .plugin(name: "MactlPlugin", targets: ["MactlPlugin"]),
        .plugin(name: "MactlPackPlugin", targets: ["MactlPackPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        // Both servers (`serve`, `catalog serve`): HTTP/1.1 parsing, keep-alive, graceful shutdown.
        // No traits: their swift-configuration reader and full-Foundation form coding go
        // unused, and leaving them out leaves a package out of every build.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // Tests only: the one way tests launch a process (MiniAppKitTestProcess), both pipes read
        // concurrently, the child killed at a deadline.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .systemLibrary(
            name: "CJavaScriptCore", pkgConfig: "javascriptcoregtk-4.1",
            providers: [.apt(["libjavascriptcoregtk-4.1-dev"])]
        ),
        // No pkgConfig: GLib's flags carry '-pthread', which SwiftPM refuses with a warning.
        // The shim declares the few functions it uses; the libraries link from the system.
        .systemLibrary(
            name: "CLibRSVG",
            providers: [.apt(["librsvg2-dev"]), .brew(["librsvg"])]
        ),
        .systemLibrary(
            name: "CLibZip", pkgConfig: "libzip",
            providers: [.apt(["libzip-dev"]), .brew(["libzip"])]
        ),
        // verify inflates every entry itself, from exactly its compressed bytes, to see that
        // each deflate stream ends where the archive says it does (libzip does not tell).
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // pack deflates with libdeflate: several times faster than zlib for a package no
        // larger than `zip -9` writes (`Deflater`). Reading stays on zlib.
        .systemLibrary(
            name: "CDeflate", pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
        ),
        .target(
            name: "MiniAppKit",
            dependencies: [
                "CLibXML2", "CJavaScriptCore", "CLibRSVG", "CLibZip", "CZlib", "CDeflate",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(name: "MiniAppKitTestSupport", dependencies: ["MiniAppKit"]),
        // Golden files need swift-testing; kept apart so the fuzz executables, which link the
        // support target, do not link the testing library.
        .target(name: "MiniAppKitGoldenFiles", dependencies: ["MiniAppKitTestSupport"]),
        // How tests launch a process (`TestProcess`); kept apart for the same reason, so the
        // fuzz executables are not built with swift-subprocess under the sanitizers.
        .target(
            name: "MiniAppKitTestProcess",
            dependencies: [.product(name: "Subprocess", package: "swift-subprocess")]
        ),
        .executableTarget(
            name: "mactl",
            dependencies: [
                "MiniAppKit",
                // `mactl explain` prints the section `docs/rules.md` is made of.
                "MactlGenerators",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(
            name: "MactlPlugin",
            // No declared permission: a declared one would make `lint` ask for it too. On macOS,
            // where plugins run sandboxed, `pack` then needs `swift package
            // --allow-writing-to-package-directory mactl pack` to write `dist/` (docs/commands.md).
            capability: .command(
                intent: .custom(verb: "mactl", description: "Lint, pack, verify or inspect the MiniApps in this package")),
            dependencies: ["mactl"]
        ),
        .plugin(name: "MactlPackPlugin", capability: .buildTool(), dependencies: ["mactl"]),
        // Writes the generated files (docs/rules.md, the embedded scaffold templates).
        // Tests use the same library to fail when a generated file is stale.
        .target(name: "MactlGenerators", dependencies: ["MiniAppKit"]),
        .executableTarget(name: "mactl-generate", dependencies: ["MactlGenerators"]),
        .testTarget(
            name: "MiniAppKitTests",
            dependencies: [
                "MiniAppKit", "MiniAppKitTestSupport", "MiniAppKitGoldenFiles", "MiniAppKitTestProcess", "MactlGenerators",
                "CZlib",
                .product(name: "Crypto", package: "swift-crypto"),
                // The oracle the report's YAML writer is held to.
                .product(name: "Yams", package: "Yams"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "MactlCLITests",
            dependencies: [
                "mactl", "publish-kill-harness", "MiniAppKit", "MiniAppKitTestSupport", "MiniAppKitGoldenFiles", "MiniAppKitTestProcess",
            ],
            exclude: ["Golden"]
        ),
        // `mactl publish` that kills itself after a given step, for the crash-recovery tests:
        // the library and the tool have no way to stop a publish midway.
        .executableTarget(name: "publish-kill-harness", dependencies: ["MiniAppKit"], path: "Tests/PublishKillHarness"),
    ]
)
