extension ProjectModel {
    /// The configuration file's issues of one kind, as findings; the config rules differ only
    /// in the kind they report.
    func configurationFindings(_ kind: ConfigurationIssue.Kind) -> [Finding] {
        configuration.issues.filter { $0.kind == kind }.map { Finding($0.message, at: $0.span, fixIt: $0.fixIt) }
    }
}
