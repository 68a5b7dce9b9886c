/// A manifest member the SDK decodes has a type it cannot decode.
public struct RakutenManifestType: Rule {
    public static let description = RuleDescription(
        id: "rakuten-manifest-type", domain: .rakuten, severity: .error,
        summary: "A permission, token scope or custom metadata member of the manifest has a type the SDK cannot decode.",
        rationale: """
            The host gets the manifest's `reqPermissions`, `optPermissions` (arrays of \
            `{"name": String, "reason": String}`), `accessTokenPermissions` (an array of \
            `{"audience": String, "scopes": [String]}`, both required) and `customMetaData` \
            (an object of strings) through its platform's metadata, and decodes them with \
            Swift's `Codable`. One value of another type (a number for a string, a bare \
            string for a permission object) fails the whole decode: the host gets no \
            permissions and no metadata for the app.
            """,
        runtimeFacts: ["rakuten.metadata-decode"],
        triggering: [
            .rakuten(
                [
                    (
                        "manifest.json",
                        """
                        {
                          "app_id": "org.example.demo",
                          "name": "Demo",
                          "version": { "code": 1, "name": "1.0.0" },
                          "reqPermissions": [1️⃣"rakuten.miniapp.user.USER_NAME"],
                          "customMetaData": { "build": 2️⃣42 },
                          "accessTokenPermissions": [3️⃣{ "scopes": ["memberinfo_read_point"] }]
                        }
                        """
                    )
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'reqPermissions[0]' is a string, but the SDK decodes an object {\"name\", \"reason\"}: the host cannot decode the app's metadata"
                    ),
                    .at("2️⃣", "'customMetaData.build' is a number, but the SDK decodes a string: the host cannot decode the app's metadata"),
                    .at(
                        "3️⃣",
                        "'accessTokenPermissions[0]' has no 'audience', which the SDK requires: the host cannot decode the app's metadata"),
                ])
        ],
        nonTriggering: [
            .rakuten([
                (
                    "manifest.json",
                    """
                    {
                      "app_id": "org.example.demo",
                      "name": "Demo",
                      "version": { "code": 1, "name": "1.0.0" },
                      "reqPermissions": [{ "name": "rakuten.miniapp.user.USER_NAME", "reason": null }],
                      "customMetaData": { "build": "42" },
                      "accessTokenPermissions": [{ "audience": "rae", "scopes": ["memberinfo_read_point"] }]
                    }
                    """
                )
            ])
        ])

    public init() {}

    private static let consequence = "the host cannot decode the app's metadata"

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let root = model.manifestDocument?.root, root.members != nil else { return [] }
        var findings: [Finding] = []
        func report(_ node: JSONNode, _ message: String) {
            findings.append(Finding("\(message): \(Self.consequence)", at: model.manifestSpan(node.range)))
        }
        func expectString(_ node: JSONNode, at path: String, optional: Bool) {
            if node.stringValue != nil || (optional && node.value == .null) { return }
            report(node, "'\(path)' is \(Self.article(node)), but the SDK decodes a string")
        }
        for list in RakutenPermission.manifestLists {
            guard let node = root[list], node.value != .null else { continue }
            guard let elements = node.elements else {
                report(node, "'\(list)' is \(Self.article(node)), but the SDK decodes an array of {\"name\", \"reason\"}")
                continue
            }
            for (index, element) in elements.enumerated() {
                guard let members = element.members else {
                    report(element, "'\(list)[\(index)]' is \(Self.article(element)), but the SDK decodes an object {\"name\", \"reason\"}")
                    continue
                }
                for member in members where member.key == "name" || member.key == "reason" {
                    expectString(member.value, at: "\(list)[\(index)].\(member.key)", optional: true)
                }
            }
        }
        if let node = root["customMetaData"], node.value != .null {
            if let members = node.members {
                for member in members { expectString(member.value, at: "customMetaData.\(member.key)", optional: false) }
            } else {
                report(node, "'customMetaData' is \(Self.article(node)), but the SDK decodes an object of strings")
            }
        }
        if let node = root["accessTokenPermissions"], node.value != .null {
            guard let elements = node.elements else {
                report(
                    node, "'accessTokenPermissions' is \(Self.article(node)), but the SDK decodes an array of {\"audience\", \"scopes\"}")
                return findings
            }
            for (index, element) in elements.enumerated() {
                let path = "accessTokenPermissions[\(index)]"
                guard element.members != nil else {
                    report(element, "'\(path)' is \(Self.article(element)), but the SDK decodes an object {\"audience\", \"scopes\"}")
                    continue
                }
                if let audience = element["audience"] {
                    expectString(audience, at: "\(path).audience", optional: false)
                } else {
                    report(element, "'\(path)' has no 'audience', which the SDK requires")
                }
                guard let scopes = element["scopes"] else {
                    report(element, "'\(path)' has no 'scopes', which the SDK requires")
                    continue
                }
                guard let scopeElements = scopes.elements else {
                    report(scopes, "'\(path).scopes' is \(Self.article(scopes)), but the SDK decodes an array of strings")
                    continue
                }
                for (scopeIndex, scope) in scopeElements.enumerated() {
                    expectString(scope, at: "\(path).scopes[\(scopeIndex)]", optional: false)
                }
            }
        }
        return findings
    }

    /// "a string", "a number", "null", "an object".
    static func article(_ node: JSONNode) -> String {
        switch node.value {
        case .null: "null"
        case .object, .array: "an \(node.typeName)"
        default: "a \(node.typeName)"
        }
    }
}
