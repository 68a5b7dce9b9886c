import Testing
@testable import MiniAppKit

/// The manifest members a catalog records, read with mactl's JSON parser (issue 38, class 6):
/// `JSONSerialization` on Linux took the codes 0 and 1 for booleans.
struct CatalogManifestTests {
    static func manifest(code: String) -> [UInt8] {
        Array(
            #"{ "app_id": "com.example.a", "name": "A", "version": { "code": \#(code), "name": "1.0" }, "req_permissions": [{ "name": "camera" }], "icons": [{ "src": "icons/a.svg" }] }"#
                .utf8)
    }

    @Test(arguments: [("0", 0), ("1", 1), ("2", 2), ("2147483648", 2_147_483_648)])
    func wholeNumbersOfZeroOrMoreAreVersionCodes(text: String, code: Int) throws {
        let manifest = try CatalogManifest.read(Self.manifest(code: text))
        #expect(
            manifest
                == CatalogManifest(
                    appID: "com.example.a", name: "A", versionCode: code, versionName: "1.0", permissions: ["camera"],
                    iconSource: "icons/a.svg"))
    }

    @Test(arguments: ["true", "false", "1.5", "1.0", "1e2", "-1", "\"1\"", "null", "99999999999999999999"])
    func otherCodesAreRefused(text: String) {
        #expect(throws: CatalogManifest.Problem(description: "the manifest's 'version.code' is not a whole number of 0 or more")) {
            try CatalogManifest.read(Self.manifest(code: text))
        }
    }

    @Test func aManifestThatIsNotAnObjectIsRefused() {
        for text in ["[1]", "{", "\"x\""] {
            #expect(throws: CatalogManifest.Problem(description: "the manifest is not a JSON object")) {
                try CatalogManifest.read(Array(text.utf8))
            }
        }
        #expect(throws: CatalogManifest.Problem(description: "the manifest has no 'app_id'")) {
            try CatalogManifest.read(Array(#"{"app_id": 1}"#.utf8))
        }
    }
}
