import Foundation
#if canImport(Glibc)
import Glibc
#endif
import MiniAppKit

// A test's own `mactl publish`: publishes PACKAGE into CATALOG as the command does, and kills
// itself with SIGKILL right after STEP is done, so the crash-recovery tests can stop a publish
// at each step without a kill switch in the library or the tool; with `rollout` first, the same
// for a rollout change (`mactl catalog rollout`).
//
//     publish-kill-harness STEP PACKAGE CATALOG
//     publish-kill-harness rollout STEP CATALOG APP CODE PERCENT

/// Kills this process once the step it waits for is done: nothing after it runs, no `defer`,
/// no lock released, as when the machine loses power.
struct KillAfter: PublishObserver {
    var step: PublishStep

    func stepDone(_ done: PublishStep) {
        if done == step { kill(getpid(), SIGKILL) }
    }
}

/// `published` as `mactl publish` reads it: SOURCE_DATE_EPOCH's time when set, else now.
func publishedTime() -> Date {
    if ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] != nil, let timestamp = try? ArchiveTimestamp.fromEnvironment() {
        return Date(timeIntervalSince1970: TimeInterval(timestamp.secondsSinceEpoch))
    }
    return Date()
}

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "rollout" {
    // publish-kill-harness rollout STEP CATALOG APP CODE PERCENT: `mactl catalog rollout`.
    guard arguments.count == 6, let step = PublishStep(rawValue: arguments[1]), let code = Int(arguments[4]),
        let percent = Int(arguments[5])
    else { fail("usage: publish-kill-harness rollout STEP CATALOG APP CODE PERCENT", status: 2) }
    var options = CatalogPublisher.RolloutOptions(at: publishedTime())
    options.observer = KillAfter(step: step)
    do {
        _ = try CatalogPublisher.changeRollout(
            app: arguments[3], code: code, to: .percent(percent), catalog: URL(fileURLWithPath: arguments[2]), options: options)
    } catch {
        fail("error: \(error.description)", status: 1)
    }
    fail("the rollout change ended without the step '\(step.rawValue)'", status: 3)
}
guard arguments.count == 3, let step = PublishStep(rawValue: arguments[0]) else {
    fail("usage: publish-kill-harness STEP PACKAGE CATALOG", status: 2)
}
let package = arguments[1]
let catalog = arguments[2]
guard let bytes = FileManager.default.contents(atPath: package) else { fail("cannot read '\(package)'", status: 2) }
var options = CatalogPublisher.Options(published: publishedTime())
options.observer = KillAfter(step: step)
do {
    _ = try CatalogPublisher.publish([UInt8](bytes), packageName: package, catalog: URL(fileURLWithPath: catalog), options: options)
} catch {
    fail("error: \(error.description)", status: 1)
}
// Reaching here means the step never came: the test expects the kill.
fail("the publish ended without the step '\(step.rawValue)'", status: 3)
