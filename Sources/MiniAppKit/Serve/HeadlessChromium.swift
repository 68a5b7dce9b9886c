import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`):
/// no port is opened, and the browser ends with this process's end of the pipe. One page
/// (a tab) of a fixed size; `mactl pack --screenshots` takes its pictures with it.
public final class HeadlessChromium {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private let pid: pid_t
    private let commands: Int32
    private let replies: Int32
    private let profile: URL
    private var nextID = 0
    private var received: [UInt8] = []
    private var session = ""
    /// How long one protocol call may take before the browser counts as stuck.
    private let callTimeoutMilliseconds: Int32 = 30_000

    /// The browser to run: `$MACTL_CHROMIUM`, else the first of Debian's and others' names on PATH.
    public static func locate() -> String? {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["MACTL_CHROMIUM"], !given.isEmpty { return given }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
                return folder + "/" + name
            }
        }
        return nil
    }

    /// Starts `executable` with one page of `width` × `height` CSS pixels at `scale` device pixels each.
    public init(executable: String, width: Int, height: Int, scale: Double) throws {
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-chromium-\(UUID().uuidString)")
        var toBrowser: [Int32] = [0, 0]
        var fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else {
            throw Failure(description: "cannot make a pipe to Chromium: \(String(cString: strerror(errno)))")
        }
        // Closed on exec: the browser gets its ends as fds 3 and 4 only, and nothing else does.
        for descriptor in toBrowser + fromBrowser { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var arguments = [
            executable, "--headless=new", "--remote-debugging-pipe", "--user-data-dir=\(profile.path)",
            "--no-first-run", "--no-default-browser-check", "--disable-gpu", "--disable-dev-shm-usage",
            "--disable-extensions", "--hide-scrollbars", "--mute-audio", "--force-color-profile=srgb",
            "--window-size=\(width),\(height)", "about:blank",
        ]
        // Chromium refuses to run as root with its sandbox (containers, CI machines).
        if geteuid() == 0 { arguments.insert("--no-sandbox", at: 1) }
        // The protocol's pipe is fds 3 (commands in) and 4 (replies out).
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // A caller's blocked or ignored signals would be inherited, and Chromium's processes die
        // at start with them: the browser starts with none blocked and all at their defaults.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // Without the toolchain's library path, which could put its libraries before the system's.
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "LD_LIBRARY_PATH" }.map { "\($0.key)=\($0.value)" }
        var child: pid_t = 0
        let status = Self.withCStrings(arguments) { argv in
            Self.withCStrings(environment) { envp in posix_spawn(&child, executable, &actions, &attributes, argv, envp) }
        }
        close(toBrowser[0])
        close(fromBrowser[1])
        guard status == 0 else {
            close(toBrowser[1])
            close(fromBrowser[0])
            throw Failure(description: "cannot start '\(executable)': \(String(cString: strerror(status)))")
        }
        pid = child
        commands = toBrowser[1]
        replies = fromBrowser[0]
        do {
            let created = try call("Target.createTarget", [("url", .string("about:blank"))])
            guard let target = created["targetId"] as? String else { throw Failure(description: "Chromium opened no page") }
            let attached = try call("Target.attachToTarget", [("targetId", .string(target)), ("flatten", .bool(true))])
            guard let session = attached["sessionId"] as? String else {
                throw Failure(description: "Chromium gave no session for its page")
            }
            self.session = session
            _ = try call(
                "Emulation.setDeviceMetricsOverride",
                [
                    ("width", .integer(width)), ("height", .integer(height)), ("deviceScaleFactor", .double(scale) ?? .integer(1)),
                    ("mobile", .bool(true)),
                ])
        } catch {
            quit()
            throw error
        }
    }

    /// Ends the browser and removes its profile.
    public func quit() {
        close(commands)
        close(replies)
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(at: profile)
    }

    /// Loads `url` in the page.
    public func open(_ url: String) throws {
        _ = try call("Page.navigate", [("url", .string(url))])
    }

    /// What `prefers-color-scheme` answers in the page: "light" or "dark".
    public func emulateColorScheme(_ scheme: String) throws {
        _ = try call(
            "Emulation.setEmulatedMedia",
            [("features", .array([.object([("name", .string("prefers-color-scheme")), ("value", .string(scheme))])]))])
    }

    /// The value of a JavaScript expression in the page, as JSON gives it.
    public func evaluate(_ expression: String) throws -> Any? {
        let result = try call("Runtime.evaluate", [("expression", .string(expression)), ("returnByValue", .bool(true))])
        if let exception = result["exceptionDetails"] as? [String: Any] {
            throw Failure(
                description: "the page threw: \((exception["exception"] as? [String: Any])?["description"] ?? exception["text"] ?? "")")
        }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Waits until the page has drawn two more frames, so what it shows is on screen.
    public func waitForFrames() throws {
        _ = try call(
            "Runtime.evaluate",
            [
                (
                    "expression",
                    .string(
                        "new Promise(function (done) { requestAnimationFrame(function () { requestAnimationFrame(function () { done(true); }); }); })"
                    )
                ),
                ("awaitPromise", .bool(true)),
            ])
    }

    /// Waits until `expression` is true in the page, for at most `seconds`.
    public func waitUntil(_ expression: String, seconds: Double) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while (try? evaluate(expression)) as? Bool != true {
            if Date() > deadline { throw Failure(description: "the page was not ready after \(Int(seconds)) s") }
            usleep(20_000)
        }
    }

    /// A PNG of the page as it is shown now.
    public func screenshot() throws -> Data {
        let result = try call("Page.captureScreenshot", [("format", .string("png"))])
        guard let text = result["data"] as? String, let data = Data(base64Encoded: text) else {
            throw Failure(description: "Chromium returned no picture")
        }
        return data
    }

    // MARK: - The protocol: JSON messages, each ended by a NUL byte

    private func call(_ method: String, _ parameters: [(String, JSONOutput)]) throws -> [String: Any] {
        nextID += 1
        var message: [(String, JSONOutput)] = [("id", .integer(nextID)), ("method", .string(method)), ("params", .object(parameters))]
        if !session.isEmpty { message.append(("sessionId", .string(session))) }
        var bytes = Array(JSONOutput.object(message).compact().utf8)
        bytes.append(0)
        guard Self.writeWithoutSIGPIPE(bytes, to: commands) else { throw Failure(description: "Chromium ended (\(method))") }
        while true {
            let reply = try readMessage(method)
            guard reply["id"] as? Int == nextID else { continue }  // an event, or an older call's answer
            if let error = reply["error"] as? [String: Any] {
                throw Failure(description: "\(method): \(error["message"] as? String ?? "failed")")
            }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    /// Writes to the pipe into Chromium. A browser that died makes a write raise SIGPIPE,
    /// which would end mactl: the signal is blocked on this thread for the write and a pending
    /// one taken back, so the write fails with EPIPE instead and the process's signals stay as
    /// they were.
    private static func writeWithoutSIGPIPE(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var none = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipeSignal, nil, &none)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return DurableFile.writeAll(bytes, to: descriptor) == nil
    }

    private func readMessage(_ method: String) throws -> [String: Any] {
        while true {
            if let end = received.firstIndex(of: 0) {
                let message = Array(received[..<end])
                received.removeSubrange(...end)
                return (try? JSONSerialization.jsonObject(with: Data(message))) as? [String: Any] ?? [:]
            }
            var ready = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, callTimeoutMilliseconds)
            if polled == 0 { throw Failure(description: "Chromium did not answer \(method) within \(callTimeoutMilliseconds / 1000) s") }
            if polled < 0, errno == EINTR { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = read(replies, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { throw Failure(description: "Chromium ended (\(method))") }
            received += chunk[..<count]
        }
    }

    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        var pointers = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}
