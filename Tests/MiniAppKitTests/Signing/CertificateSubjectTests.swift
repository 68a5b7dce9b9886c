import Testing
@testable import MiniAppKit

/// `keygen --subject`: RFC 4514 distinguished names, and a plain value as the common name.
struct CertificateSubjectTests {
    @Test(arguments: [
        ("MiniApp", "CN=MiniApp"),
        ("Acme, Inc", #"CN=Acme\, Inc"#),
        ("CN=Acme Ltd,O=Acme", "CN=Acme Ltd,O=Acme"),
        ("CN=Acme Ltd, O=Acme , C=de", "CN=Acme Ltd,O=Acme,C=DE"),
        (#"CN=Acme\, Inc.,O=Acme"#, #"CN=Acme\, Inc.,O=Acme"#),
        (#"CN=\ padded\ "#, #"CN=\ padded\ "#),
        (#"CN=a\+b\=c\\d"#, #"CN=a\+b=c\\d"#),
        (#"CN=Caf\c3\a9"#, "CN=Café"),
        ("OU=Mobile+L=Berlin,O=Acme", "L=Berlin+OU=Mobile,O=Acme"),
        ("dc=acme,DC=example", "DC=acme,DC=example"),
        ("E=ops@acme.example", "E=ops@acme.example"),
        ("2.5.4.12=Signer", "2.5.4.12=Signer"),
    ])
    func parsesAndShowsTheSubject(written: String, shown: String) throws {
        #expect(try CertificateSubject.parse(written).description == shown)
    }

    @Test func thePlainNameIsTheCertificateThePackerAlwaysMade() throws {
        let key = SigningKey.p256(.init())
        let fromAppID = try SigningCertificate.selfSigned(for: key, appID: "org.example.demo", notBefore: 0)
        let fromSubject = try SigningCertificate.selfSigned(for: key, subject: CertificateSubject.parse("org.example.demo"), notBefore: 0)
        #expect(fromAppID.subject == "CN=org.example.demo")
        #expect(fromSubject.subject == fromAppID.subject)
    }

    @Test(arguments: [
        ("O=Acme,", "the subject has an empty part (two commas in a row, or one at an end); write CN=Acme Ltd,O=Acme"),
        ("CN=a\\", #"'CN=a\': a backslash must come before one of , + " \ < > ; = # or a space, or two hex digits"#),
        (#"CN=\ff"#, #"'CN=\ff': the hex escapes do not spell UTF-8 text"#),
        ("DC=bücher", "'DC=bücher' must be ASCII"),
        ("1.2.x=y", "unknown attribute type '1.2.x' in '1.2.x=y'; use CN, O, OU, C, ST, L, STREET, DC, UID, emailAddress or a dotted OID"),
        ("=Acme", #"'=Acme' is not TYPE=value; write CN=Acme Ltd,O=Acme, with \, for a comma inside a value"#),
    ])
    func refusesWithTheReason(written: String, message: String) {
        #expect(throws: CertificateSubject.ParseError(message: message)) { try CertificateSubject.parse(written) }
    }
}
