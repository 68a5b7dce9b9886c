import Foundation
import Testing

/// Shell completions complete what each argument takes: project folders, package and key
/// files, and the values of `--template`, `--runtime`, `--format` and rule ids.
struct CompletionTests {
    static func script(_ shell: String) async throws -> String {
        let result = try await CLIRunner.run(["--generate-completion-script", shell])
        #expect(result.status == 0)
        return result.standardOutput
    }

    /// The case of `prev` in a bash function, as ArgumentParser writes it.
    static func bashCase(_ option: String, _ completion: String) -> String {
        "    '\(option)')\n        __mactl_add_completions \(completion)\n        return\n"
    }

    /// A bash function of the script, from its name to its closing brace.
    static func function(_ name: String, in script: String) -> String? {
        guard let start = script.range(of: "\n\(name)() {\n"), let end = script[start.upperBound...].range(of: "\n}\n") else { return nil }
        return String(script[start.lowerBound..<end.upperBound])
    }

    @Test func bashCompletesValuesAndPaths() async throws {
        let bash = try await Self.script("bash")
        let lint = try #require(Self.function("_mactl_lint", in: bash))
        #expect(lint.contains(Self.bashCase("--runtime", "-W 'skip'$'\\n''w3c'$'\\n''rakuten'")))
        #expect(lint.contains(Self.bashCase("--format", "-W 'text'$'\\n''json'$'\\n''sarif'$'\\n''github'")))
        #expect(lint.contains(Self.bashCase("--config", "-o plusdirs -fX '!*.@(yml|yaml)'")))
        #expect(lint.contains(Self.bashCase("--baseline", "-o plusdirs -fX '!*.@(json)'")))
        #expect(lint.contains("    *)\n        __mactl_add_completions -d\n"))
        let inspect = try #require(Self.function("_mactl_inspect", in: bash))
        #expect(inspect.contains("__mactl_add_completions -o plusdirs -fX '!*.@(ma)'"))
        let new = try #require(Self.function("_mactl_new", in: bash))
        #expect(new.contains(Self.bashCase("--template", "-W 'blank'$'\\n''rakuten'$'\\n''tabs'")))
        let pack = try #require(Self.function("_mactl_pack", in: bash))
        #expect(pack.contains(Self.bashCase("--sign", "-o plusdirs -fX '!*.@(pem)'")))
        #expect(pack.contains("    1)\n        __mactl_add_completions -d\n"))
        let verify = try #require(Self.function("_mactl_verify", in: bash))
        #expect(verify.contains(Self.bashCase("--key", "-o plusdirs -fX '!*.@(pem)'")))
        #expect(bash.contains("_mactl_explain() {"))
        #expect(bash.contains("'icon-tab-hangs-on-ios'"))
    }

    @Test func zshAndFishCompleteTheSameValues() async throws {
        let zsh = try await Self.script("zsh")
        #expect(zsh.contains("local -ar ___runtime=('skip' 'w3c' 'rakuten')"))
        #expect(zsh.contains("local -ar ___format=('text' 'json' 'sarif' 'github')"))
        let fish = try await Self.script("fish")
        #expect(fish.contains("-fa '(__mactl_complete_directories)'"))
        #expect(fish.contains("-rfka 'skip w3c rakuten'"))
    }
}
