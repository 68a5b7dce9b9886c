/// A private key among the project's files: shipped, anyone with the package can sign as the
/// author; left out, it is still one `include:` or commit away from leaking.
public struct ProjectPrivateKey: Rule {
    public static let description = RuleDescription(
        id: "project-private-key", domain: .project, severity: .error,
        summary: "A project file holds a private key (PEM, DER or PKCS #12): in the package anyone can read it.",
        rationale: """
            A package is a ZIP file anyone who has it can unpack: a private key inside it is \
            public, and whoever reads it can sign packages as you. A key that `pack` would ship \
            (a page's script with a key pasted in, a key in `common/`, a file `include:` lists) \
            is an error, so `pack` refuses. A key `pack` leaves out is an error too: it still \
            travels with every copy and commit of the project folder, and a later `include:` \
            pattern or reference ships it. Keep signing keys outside the project (\
            `mactl keygen ../key.pem`, or a CI secret), or list the file under `exclude:` in \
            `.mactl.yml`, which silences this rule for it. Keys are found by content: a PEM \
            block whose label ends in `PRIVATE KEY` followed by key material (even inside a \
            string, after a `\\n`), a binary DER key, or a PKCS #12 bundle. A certificate or a \
            public key is not a secret and is not reported. What the project walk skips never \
            ships and is not read: dotfiles, `dist/`, `.build/`, `.git/`, `node_modules/`. A \
            key that has shipped before is public: make a new one outside the project (`mactl keygen ~/keys/app.pem`).
            """,
        appKinds: Set(AppKind.allCases),
        triggering: [
            RuleExample(
                files: [
                    (
                        "common/signing.pem",
                        "1️⃣-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n-----END PRIVATE KEY-----\n"
                    )
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'common/signing.pem' holds a private key (PEM 'PRIVATE KEY') and would ship inside the package, where anyone can read it; move it out of the project, or list it under 'exclude:' in '.mactl.yml'"
                    )
                ]),
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        """
                        const signingKey = '1️⃣-----BEGIN EC PRIVATE KEY-----\\nMHcCAQEEIA0AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAoAoGCCqGSM49\\n-----END EC PRIVATE KEY-----';
                        Page({
                          data: { title: 'Hello' },
                        });

                        """
                    )
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'pages/index/index.js' holds a private key (PEM 'EC PRIVATE KEY') and would ship inside the package, where anyone can read it; move it out of the project, or list it under 'exclude:' in '.mactl.yml'"
                    )
                ]),
            RuleExample(
                files: [
                    (
                        "release.pem",
                        "1️⃣-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\n-----END RSA PRIVATE KEY-----\n"
                    )
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'release.pem' holds a private key (PEM 'RSA PRIVATE KEY'); pack leaves it out, but it travels with every copy and commit of the project; move it out of the project, or list it under 'exclude:' in '.mactl.yml'"
                    )
                ]),
        ],
        nonTriggering: [
            // Excluded: it never ships, and the author said so.
            RuleExample(
                files: [
                    (
                        "common/signing.pem",
                        "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n-----END PRIVATE KEY-----\n"
                    )
                ],
                configuration: "exclude:\n  - common/*.pem\n"),
            // A certificate and a public key are meant to be read.
            RuleExample(files: [
                (
                    "common/signing.cert.pem",
                    "-----BEGIN CERTIFICATE-----\nMIIBfzCCASWgAwIBAgIUAAAAAAAAAAAAAAAAAAAAAAAAAAAwCgYIKoZIzj0EAwIw\n-----END CERTIFICATE-----\n"
                ),
                (
                    "common/signing.pub.pem",
                    "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEAAAAAAAAAAAAAAAAAAAAAAAAAAAA\n-----END PUBLIC KEY-----\n"
                ),
            ]),
            // Text that names the marker without a key after it.
            RuleExample(files: [("common/help.txt", "A key file starts with -----BEGIN PRIVATE KEY----- and stays out of the project.\n")]),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        let shipped = model.bundle.shippedPaths
        let excluded = { (path: String) in model.configuration.excludePatterns.contains { Glob.matches($0, path) } }
        return model.project.paths.compactMap { path -> Finding? in
            guard !excluded(path), let file = model.project.file(path), let key = PrivateKeyContent.find(in: file.bytes) else { return nil }
            let span: SourceSpan = key.range.map { file.span($0) } ?? .file(file.path)
            let remedy = "move it out of the project, or list it under 'exclude:' in '.mactl.yml'"
            if shipped.contains(file.path) {
                return Finding(
                    "'\(file.path)' holds a private key (\(key.kind)) and would ship inside the package, where anyone can read it; \(remedy)",
                    at: span)
            }
            return Finding(
                "'\(file.path)' holds a private key (\(key.kind)); pack leaves it out, but it travels with every copy and commit of the project; \(remedy)",
                at: span)
        }
    }
}
