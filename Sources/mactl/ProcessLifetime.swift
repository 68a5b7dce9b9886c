import Foundation

/// Values a one-shot command keeps until the process exits instead of freeing them, as
/// clang's `-disable-free` keeps its AST: a lint's model of a 200-page app is some hundred
/// thousand small objects, freeing them one by one costs tens of milliseconds on the main
/// thread, and the operating system takes the whole heap back at exit at once. Only for
/// commands that end after one lint: a watcher that kept every model would grow without end.
enum ProcessLifetime {
    private static let kept = KeptValues()

    static func keepUntilExit(_ value: some Sendable) {
        kept.append(value)
    }

    private final class KeptValues: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [any Sendable] = []

        func append(_ value: any Sendable) {
            lock.lock()
            values.append(value)
            lock.unlock()
        }
    }
}
