import Foundation
@testable import MiniAppKit
import MiniAppKitTestSupport

/// The package root, for reading the scaffold templates and test fixture projects.
let fixtureRoot = PackageRoot.url

/// Files from the scaffold templates and the showcase app, relative to the package root.
let realisticFiles = [
    "Templates/tabs/manifest.json", "Templates/tabs/i18n/fr.json", "Templates/blank/manifest.json",
    "Examples/showcase/manifest.json", "Examples/showcase/i18n/fr.json",
    "Examples/showcase/i18n/en-US.json",
    "Templates/tabs/pages/home/home.html", "Templates/tabs/pages/explore/explore.html",
    "Templates/tabs/pages/settings/settings.html", "Templates/tabs/pages/detail/detail.html",
    "Templates/blank/pages/index/index.html",
    "Examples/showcase/pages/home/home.html", "Examples/showcase/pages/cart/cart.html",
    "Examples/showcase/pages/product/product.html", "Examples/showcase/pages/profile/profile.html",
    "Templates/tabs/app.css", "Templates/tabs/pages/home/home.css", "Templates/blank/app.css",
    "Examples/showcase/app.css", "Examples/showcase/pages/home/home.css",
    "Templates/tabs/icons/home.svg", "Templates/tabs/icons/settings.svg",
    "Templates/tabs/icons/app.svg", "Templates/blank/icons/app.svg",
]

func loadFixture(_ path: String, root: URL) throws -> SourceFile {
    let data = try Data(contentsOf: root.appendingPathComponent(path))
    return SourceFile(path: path, bytes: Array(data))
}

/// Every page template in the scaffold templates and the showcase app.
func realisticPages() throws -> [SourceFile] {
    try realisticFiles.filter { $0.hasSuffix(".html") }.map { try loadFixture($0, root: fixtureRoot) }
}

/// A fixed-seed generator (SplitMix64), so that generated inputs are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// `count` texts, each a random run of up to `length` pieces.
func generatedTexts(from pieces: [String], count: Int, length: Int, seed: UInt64) -> [String] {
    var generator = SeededGenerator(seed: seed)
    return (0..<count).map { _ in
        (0..<Int.random(in: 1...length, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }
}
