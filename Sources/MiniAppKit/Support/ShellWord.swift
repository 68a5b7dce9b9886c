/// A word as a POSIX shell reads it back: as written when it has only characters the shell
/// leaves alone, else in single quotes (a quote inside as `'\''`). For hints the user copies
/// into a terminal, such as `next: mactl lint 'my app'`.
public enum ShellWord {
    public static func quoted(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-+:@%=,")
        if !word.isEmpty, word.allSatisfy(safe.contains) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
