import Foundation

/// The files `mactl-generate` writes, with their expected contents, for the generator and
/// for the test that fails when a committed copy is stale.
public enum GeneratedFiles {
    public static func expected(packageRoot: URL) throws -> [(path: String, contents: String)] {
        let rules = try RuleSourceScanner.rules(packageRoot: packageRoot)
        return [
            (RuleRegistryWriter.outputPath, RuleRegistryWriter.source(rules: rules)),
            (RuleExampleTestsWriter.outputPath, RuleExampleTestsWriter.source(rules: rules)),
            (RulesDocument.outputPath, RulesDocument.markdown()),
            (RuntimesDocument.outputPath, RuntimesDocument.markdown()),
            (LimitsDocument.outputPath, LimitsDocument.markdown()),
            (TemplateEmbedder.outputPath, try TemplateEmbedder.source(templatesDirectory: packageRoot.appendingPathComponent("Templates"))),
            (ScriptEmbedder.outputPath, try ScriptEmbedder.source(scriptsDirectory: packageRoot.appendingPathComponent("JavaScript"))),
        ]
    }
}
