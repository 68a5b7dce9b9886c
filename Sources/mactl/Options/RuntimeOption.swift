import ArgumentParser
import MiniAppKit

/// `--runtime skip|w3c`: the runtime to check against, over the configuration's `runtime:`.
struct RuntimeOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The runtime to check against: \(RuntimeProfile.all.map(\.id).joined(separator: ", ")) (default: the configuration's 'runtime:', else skip).",
            valueName: "runtime"),
        completion: .list(RuntimeProfile.all.map(\.id)))
    var runtime: String?

    func validate() throws {
        if let runtime, RuntimeProfile.named(runtime) == nil {
            throw ValidationError(
                "unknown runtime '\(runtime)'; expected \(RuntimeProfile.all.dropLast().map { "'\($0.id)'" }.joined(separator: ", ")) or '\(RuntimeProfile.all.last!.id)'"
            )
        }
    }

    /// The profile asked for on the command line, if any.
    var profile: RuntimeProfile? { runtime.flatMap(RuntimeProfile.named) }
}
