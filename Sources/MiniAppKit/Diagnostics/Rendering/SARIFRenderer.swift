/// SARIF 2.1.0, as GitHub code scanning and editors read it: one run, the full rule table
/// with help text, and results with physical locations relative to `%SRCROOT%`.
public struct SARIFRenderer: DiagnosticRenderer {
    public init() {}

    public func render(_ report: DiagnosticReport) -> String {
        // The rule table lists the ids the results use, in the catalogue's order: the help text a
        // reader needs, without the whole catalogue in every file. `verify`'s and `catalog
        // verify`'s ids are in it as much as the rules.
        let used = Set(report.diagnostics.map(\.id))
        let rules = report.catalog.filter { used.contains($0.id) }
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let run = JSONOutput.object([
            (
                "tool",
                .object([
                    (
                        "driver",
                        .object([
                            ("name", .string("mactl")),
                            ("version", .string(MactlVersion.current)),
                            ("semanticVersion", .string(MactlVersion.current)),
                            ("rules", .array(rules.map(rule))),
                        ])
                    )
                ])
            ),
            ("columnKind", .string("unicodeCodePoints")),
            ("results", .array(report.diagnostics.map { result($0, ruleIndex: ruleIndex) })),
        ])
        let document = JSONOutput.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ])
        return document.pretty() + "\n"
    }

    private func rule(_ entry: DiagnosticEntry) -> JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("id", .string(entry.id)), ("shortDescription", .object([("text", .string(entry.summary))])),
        ]
        if let description = entry.rule {
            members.append(("fullDescription", .object([("text", .string(description.rationale))])))
            members.append(("help", .object([("text", .string("\(description.summary)\n\n\(description.rationale)"))])))
        } else {
            members.append(("help", .object([("text", .string(entry.summary))])))
        }
        members.append(("helpUri", .string(entry.documentationURL)))
        if let severity = entry.defaultSeverity {
            members.append(("defaultConfiguration", .object([("level", .string(Self.level(severity)))])))
        }
        // A rule's domain, or the command that reports a `verify` or `catalog verify` id.
        let property = entry.rule.map { ("domain", $0.domain.rawValue) } ?? ("kind", entry.kind.rawValue)
        members.append(("properties", .object([(property.0, .string(property.1))])))
        return .object(members)
    }

    private func result(_ diagnostic: Diagnostic, ruleIndex: [String: Int]) -> JSONOutput {
        var members: [(String, JSONOutput)] = [("ruleId", .string(diagnostic.id))]
        if let index = ruleIndex[diagnostic.id] { members.append(("ruleIndex", .integer(index))) }
        members.append(("level", .string(Self.level(diagnostic.severity))))
        members.append(("message", .object([("text", .string(diagnostic.message))])))
        if let span = diagnostic.span {
            members.append(("locations", .array([.object([("physicalLocation", physicalLocation(span))])])))
        }
        let related = diagnostic.notes.enumerated().compactMap { index, note -> JSONOutput? in
            guard let span = note.span else { return nil }
            return .object([
                ("id", .integer(index)),
                ("physicalLocation", physicalLocation(span)),
                ("message", .object([("text", .string(note.message))])),
            ])
        }
        if !related.isEmpty { members.append(("relatedLocations", .array(related))) }
        if let fixIt = diagnostic.fixIt, fixIt.span.hasPosition {
            members.append(
                (
                    "fixes",
                    .array([
                        .object([
                            ("description", .object([("text", .string(fixIt.message))])),
                            (
                                "artifactChanges",
                                .array([
                                    .object([
                                        ("artifactLocation", artifactLocation(fixIt.span.path)),
                                        (
                                            "replacements",
                                            .array([
                                                .object([
                                                    ("deletedRegion", region(fixIt.span)),
                                                    ("insertedContent", .object([("text", .string(fixIt.replacement))])),
                                                ])
                                            ])
                                        ),
                                    ])
                                ])
                            ),
                        ])
                    ])
                ))
        }
        return .object(members)
    }

    private func physicalLocation(_ span: SourceSpan) -> JSONOutput {
        var members: [(String, JSONOutput)] = [("artifactLocation", artifactLocation(span.path))]
        if span.hasPosition { members.append(("region", region(span))) }
        return .object(members)
    }

    private func artifactLocation(_ path: String) -> JSONOutput {
        .object([("uri", .string(Self.uriPath(path))), ("uriBaseId", .string("%SRCROOT%"))])
    }

    private func region(_ span: SourceSpan) -> JSONOutput {
        .object([
            ("startLine", .integer(span.start.line)),
            ("startColumn", .integer(span.start.column)),
            ("endLine", .integer(span.end.line)),
            ("endColumn", .integer(max(span.end.column, span.start.column + (span.end.line == span.start.line ? 1 : 0)))),
        ])
    }

    /// A relative URI reference: every byte outside the unreserved set and '/' is escaped.
    static func uriPath(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            let scalar = Unicode.Scalar(byte)
            if scalar.properties.isASCIIHexDigit || (byte < 0x80 && (Character(scalar).isLetter || Character(scalar).isNumber))
                || "-._~/".unicodeScalars.contains(scalar)
            {
                result.unicodeScalars.append(scalar)
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }
}
