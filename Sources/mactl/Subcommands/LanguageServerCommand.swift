import ArgumentParser
import Foundation
import MiniAppKit

/// `mactl lsp`: the language server on standard input and output. The library serves
/// (`LanguageServer`); this only starts it.
struct LanguageServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Run the language server for editors on standard input and output (LSP 3.17).",
        discussion: """
            Lints the MiniApp each opened file is in (the nearest folder above it with a \
            manifest.json), unsaved buffers as they are, and offers quick fixes, go to \
            definition, hover and completion (docs/editors.md). Exit status: 0 after the \
            client's 'shutdown' and 'exit', 1 when the client goes away without them.
            """)

    @Flag(help: "Talk over standard input and output, the only transport; editors' clients pass it.")
    var stdio = false

    @Flag(name: .long, help: "Do not seed a project's first lint from the lint cache.")
    var noCache = false

    func run() throws {
        let server = LanguageServer(
            output: STDOUT_FILENO,
            options: LanguageServer.Options(tool: MactlBuild.identity, cache: noCache ? nil : LintCache(folder: LintCache.defaultFolder())))
        let status = server.run(input: STDIN_FILENO)
        if status != 0 { throw ExitCode(status) }
    }
}
