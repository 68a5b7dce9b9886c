import Foundation

/// The few things the CLI asks of the terminal; the library never prints.
enum Terminal {
    static func standardOutput(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func standardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Colour only on a terminal, and never when `NO_COLOR` is set to anything non-empty
    /// (no-color.org) or `TERM` is `dumb`.
    static func shouldColor(_ choice: ColorChoice, fileDescriptor: Int32 = STDOUT_FILENO) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            let environment = ProcessInfo.processInfo.environment
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return isatty(fileDescriptor) == 1
        }
    }
}

enum ColorChoice: String, CaseIterable {
    case auto
    case always
    case never
}
