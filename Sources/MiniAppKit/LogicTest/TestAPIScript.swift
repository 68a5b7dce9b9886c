/// The API a test file is written against, in the test file's own context: `test`, `it`,
/// `describe`, `expect`, with `app` set to the host's facade for each test. A function
/// expression taking `finish` (a native function that receives each test's outcome as JSON) and the test
/// file's path (to find its frames in a stack).
enum TestAPIScript {
    static let url = "mactl:test-api"

    static let source = EmbeddedScripts.file("test-api.js")
}
