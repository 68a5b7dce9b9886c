import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The one watch of a project folder, for `lint --watch`, `test --watch` and `serve`: made
/// before the first run, so a change during that run counts, then `onEachChange` calls its
/// work after each burst of changes. It wakes as soon as something changes (inotify on Linux;
/// a timer elsewhere, and whenever inotify cannot be set up), and compares snapshots after
/// every wake-up, so a missed or spurious event never changes what is reported.
public final class ProjectWatch {
    public let root: URL
    private var snapshot: ProjectSnapshot
    private var descriptor: Int32 = -1
    private let interval: Duration

    /// `interval`: how often to look at the files at the latest. inotify wakes the watch at
    /// once on Linux; the timer covers the file systems where notifications do not arrive
    /// (network and container mounts) and other systems.
    public init(root: URL, interval: Duration) {
        self.root = root
        self.interval = interval
        snapshot = ProjectSnapshot.take(of: root)
        #if canImport(Glibc)
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if descriptor >= 0 { watch(snapshot.folders) }
        #endif
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Returns when inotify reports a change, or after the interval at the latest.
    private func wait() async throws {
        #if canImport(Glibc)
        if descriptor >= 0 {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(interval.components.seconds * 1000 + interval.components.attoseconds / 1_000_000_000_000_000)
            if poll(&entry, 1, milliseconds) > 0 {
                var buffer = [UInt8](repeating: 0, count: 64 * 1024)
                while read(descriptor, &buffer, buffer.count) > 0 {}  // drain: the snapshot says what changed
            }
            return
        }
        #endif
        try await Task.sleep(for: interval)
    }

    /// Watches the folders a snapshot walked: every folder the loader walks. Folders made
    /// since are added with each change's snapshot; watching one again changes nothing.
    private func watch(_ folders: [String]) {
        #if canImport(Glibc)
        guard descriptor >= 0 else { return }
        let mask = UInt32(IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_CLOSE_WRITE)
        for folder in folders { _ = inotify_add_watch(descriptor, folder, mask) }
        #endif
    }
}

extension ProjectWatch {
    /// Calls `work` after each burst of changes to the project, until the task is cancelled.
    /// `quietPeriod`: how long the project must stay unchanged first (an editor's save, a
    /// `git checkout` or a formatter run is one burst, and one call).
    public func onEachChange(quietPeriod: Duration = .milliseconds(100), _ work: () async throws -> Void) async throws -> Never {
        while true {
            try await waitForNextChange(quietPeriod: quietPeriod)
            try await work()
        }
    }

    /// Returns once the project differs from the last snapshot and has then stayed unchanged
    /// for `quietPeriod` (2 seconds at most, so a file written without pause still counts),
    /// keeping the snapshot it settled on and watching the folders made since. An editor's
    /// save (a temporary file, then a rename), a `git checkout` or a formatter run is one
    /// burst of changes, and one return.
    private func waitForNextChange(quietPeriod: Duration) async throws {
        while true {
            try await wait()
            var latest = ProjectSnapshot.take(of: root)
            guard latest != snapshot else { continue }
            for _ in 0..<20 {
                try await Task.sleep(for: quietPeriod)
                let next = ProjectSnapshot.take(of: root)
                if next == latest { break }
                latest = next
            }
            snapshot = latest
            watch(latest.folders)
            return
        }
    }
}
