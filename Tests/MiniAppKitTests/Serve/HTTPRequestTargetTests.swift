import Testing
@testable import MiniAppKit

/// The request target's path and query, for every shape a client can send: `GET /apps?=`
/// trapped the whole server once (issue 39).
struct HTTPRequestTargetTests {
    @Test(arguments: [
        ("/apps?=", "/apps", ["": ""]),
        ("/apps?", "/apps", [:]),
        ("/apps?&&", "/apps", [:]),
        ("/apps?==x", "/apps", ["": "=x"]),
        ("/apps?a=1&b&c=", "/apps", ["a": "1", "b": "", "c": ""]),
        ("?x=1", "", ["x": "1"]),
        ("/mactl/state?=", "/mactl/state", ["": ""]),
        ("/a%20b?k%3D=v%26", "/a b", ["k=": "v&"]),
        ("/bad%zz?%zz=1", "/bad%zz", ["%zz": "1"]),
    ] as [(String, String, [String: String])])
    func everyTargetSplitsWithoutATrap(target: String, path: String, query: [String: String]) {
        let parsed = HTTPServer.target(target)
        #expect(parsed.path == path)
        #expect(parsed.query == query)
    }
}
