/// The JavaScript mactl runs or serves, from the `JavaScript/` folder (built in by
/// `mactl-generate`, `EmbeddedScripts+Generated.swift`).
enum EmbeddedScripts {
    /// The file at `path` under `JavaScript/`. The generated table has every file the code
    /// names, which the tests load; a missing one is a build mistake, not an input error.
    static func file(_ path: String) -> String {
        guard let contents = files[path] else { preconditionFailure("JavaScript/\(path) is not embedded; run `swift run mactl-generate`") }
        return contents
    }
}
