/// A script registers more than once.
public struct ScriptDuplicateRegistration: Rule {
    public static let description = RuleDescription(
        id: "script-duplicate-registration", domain: .script, severity: .error,
        summary: "A script calls 'Page(...)' or 'App(...)' more than once.",
        rationale: "Only the last registration counts; the data and handlers of the earlier ones are silently dropped.",
        triggering: [
            .file(
                "pages/index/index.js", "Page({ data: { title: 'Hello' } });\n1️⃣Page({ onTap() {} });\n",
                expected: [.at("1️⃣", "'Page' is called 2 times; only the last registration counts")])
        ],
        nonTriggering: [
            // One registration made of two objects.
            .file("pages/index/index.js", "const base = { data: { title: 'Hello' } };\nPage({ ...base, onLoad() {} });\n")
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        var findings: [Finding] = []
        for script in model.scripts {
            for function in RegistrationFunction.allCases {
                let calls = script.registration.calls.filter { $0.function == function }
                guard calls.count > 1 else { continue }
                let sites = script.facts.registrationCalls.filter { $0.function == function }
                let span = sites.count == calls.count ? script.span(sites[1].range) : calls[1].callOffset.map { script.span($0..<$0) }
                findings.append(
                    Finding(
                        "'\(function.rawValue)' is called \(calls.count) times; only the last registration counts",
                        at: span ?? .file(script.file.path),
                        notes: sites.first.map { [DiagnosticNote(message: "first called here", span: script.span($0.range))] } ?? []))
            }
        }
        return findings
    }
}
