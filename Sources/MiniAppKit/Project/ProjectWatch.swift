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
        if descriptor >= 0 { watchFolders(under: root) }
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

    /// Watches every folder the loader walks (new folders are picked up after each change).
    private func watchFolders(under root: URL) {
        #if canImport(Glibc)
        guard descriptor >= 0 else { return }
        let mask = UInt32(IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_CLOSE_WRITE)
        let (realRoot, entries) = FolderWalk.entries(under: root)
        _ = inotify_add_watch(descriptor, realRoot, mask)
        for case .folder(let absolute, _) in entries { _ = inotify_add_watch(descriptor, absolute, mask) }
        #endif
    }
}

extension ProjectWatch {
    /// Calls `work` after each burst of changes to the project, until the task is cancelled.
    /// `quietPeriod`: how long the project must stay unchanged first (an editor's save, a
    /// `git checkout` or a formatter run is one burst, and one call).
    public func onEachChange(quietPeriod: Duration = .milliseconds(100), _ work: () async throws -> Void) async throws -> Never {
        while true {
            snapshot = try await nextChange(of: root, after: snapshot, quietPeriod: quietPeriod)
            try await work()
        }
    }

    /// Returns once the project at `root` differs from `snapshot` and has then stayed unchanged
    /// for `quietPeriod` (2 seconds at most, so a file written without pause still counts),
    /// with the snapshot it settled on; the folders made since are watched from then on. An
    /// editor's save (a temporary file, then a rename), a `git checkout` or a formatter run is
    /// one burst of changes, and one return.
    private func nextChange(
        of root: URL, after snapshot: ProjectSnapshot, quietPeriod: Duration = .milliseconds(100)
    ) async throws -> ProjectSnapshot {
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
            watchFolders(under: root)
            return latest
        }
    }
}
