/// The JavaScript mactl runs or serves, from the `JavaScript/` folder (built in by
/// `mactl-generate`, `EmbeddedScripts+Generated.swift`).
enum EmbeddedScripts {
    /// The file at `path` under `JavaScript/`. The generated table has every file the code
    /// names, which the tests load; a missing one is a build mistake, not an input error.
    static func file(_ path: String) -> String {
        guard let contents = files[path] else { preconditionFailure("JavaScript/\(path) is not embedded; run `swift run mactl-generate`") }
        return contents
    }

    /// The file at `path`, with each `// @include <path>` line replaced by that file: a part
    /// written once and used in two places (the expression evaluator in the logic host and in
    /// the preview's view).
    static func fileWithIncludes(_ path: String) -> String {
        file(path).split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let trimmed = line.trimmingPrefix(while: { $0 == " " })
            guard trimmed.hasPrefix("// @include ") else { return String(line) }
            return file(String(trimmed.dropFirst("// @include ".count)))
        }.joined(separator: "\n")
    }
}
