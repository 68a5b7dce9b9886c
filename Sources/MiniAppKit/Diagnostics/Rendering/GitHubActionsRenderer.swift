import Foundation

/// GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::message`), which
/// the runner turns into annotations on the pull request's diff.
public struct GitHubActionsRenderer: DiagnosticRenderer {
    public init() {}

    public func render(_ report: DiagnosticReport) -> String {
        report.diagnostics.map { line(for: $0) }.joined()
    }

    private func line(for diagnostic: Diagnostic) -> String {
        let command =
            switch diagnostic.severity {
            case .error: "error"
            case .warning: "warning"
            case .note: "notice"
            }
        var properties: [String] = []
        if let span = diagnostic.span {
            properties.append("file=\(Self.escapeProperty(span.path))")
            if span.hasPosition {
                properties.append("line=\(span.start.line)")
                properties.append("col=\(span.start.column)")
                if span.end.line == span.start.line, span.end.column > span.start.column {
                    properties.append("endColumn=\(span.end.column)")
                }
            }
        }
        properties.append("title=\(Self.escapeProperty(diagnostic.id))")
        var message = "\(diagnostic.message) [\(diagnostic.id)]"
        for note in diagnostic.notes {
            let location = note.span.map { $0.hasPosition ? "\($0.path):\($0.start.line):\($0.start.column): " : "\($0.path): " } ?? ""
            message += "\n\(location)note: \(note.message)"
        }
        if let fixIt = diagnostic.fixIt { message += "\nfix-it: \(fixIt.message)" }
        return "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(message))\n"
    }

    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
