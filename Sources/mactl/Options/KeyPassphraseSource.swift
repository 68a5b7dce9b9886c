import Foundation

/// Where `--key-pass` says the passphrase of an encrypted signing key is, as apksigner takes
/// it: `env:VAR` (an environment variable) or `file:PATH` (the first line of a file, without
/// its line ending). Never the passphrase itself: a command line is visible to every user in
/// `ps` and stays in the shell history.
enum KeyPassphraseSource: Equatable {
    case environment(String)
    case file(String)

    init(_ argument: String) throws(CommandFailure) {
        if argument.hasPrefix("env:") {
            let name = String(argument.dropFirst(4))
            guard !name.isEmpty else { throw CommandFailure(message: "--key-pass env: names no variable; write --key-pass env:VAR") }
            self = .environment(name)
        } else if argument.hasPrefix("file:") {
            let path = String(argument.dropFirst(5))
            guard !path.isEmpty else { throw CommandFailure(message: "--key-pass file: names no file; write --key-pass file:PATH") }
            self = .file(path)
        } else {
            // The argument is not echoed: it may be the passphrase.
            throw CommandFailure(
                message: "--key-pass takes env:VAR or file:PATH, not the passphrase itself: a command line is visible to other users "
                    + "in 'ps' and stays in the shell history; put the passphrase in an environment variable or in a file only you can read"
            )
        }
    }

    /// As the user wrote it, for messages.
    var argument: String {
        switch self {
        case .environment(let name): "env:\(name)"
        case .file(let path): "file:\(path)"
        }
    }

    /// The passphrase's bytes, as they are: a passphrase is whatever bytes openssl was given.
    func read(environment: [String: String] = ProcessInfo.processInfo.environment) throws(CommandFailure) -> [UInt8] {
        switch self {
        case .environment(let name):
            guard let value = environment[name] else {
                throw CommandFailure(
                    message:
                        "--key-pass env:\(name): the environment variable \(name) is not set; set it to the key's passphrase (in CI, from a secret)"
                )
            }
            guard !value.isEmpty else {
                throw CommandFailure(
                    message:
                        "--key-pass env:\(name): the environment variable \(name) is empty; set it to the key's passphrase (in CI, a secret that is not defined reads as empty)"
                )
            }
            return Array(value.utf8)
        case .file(let path):
            let bytes = try InputFile.read(path, what: "the passphrase file")
            // The first line, without "\n" or "\r\n": what `openssl -passin file:` reads.
            var line = Array(bytes.prefix { $0 != UInt8(ascii: "\n") })
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            guard !line.isEmpty else {
                throw CommandFailure(
                    message: "--key-pass file:\(path): the first line of '\(path)' is empty; write the key's passphrase on it")
            }
            return line
        }
    }
}
