import Foundation
#if canImport(Glibc)
import Glibc
#endif
import MiniAppKit

// A test's own `mactl publish`: publishes PACKAGE into CATALOG as the command does, and kills
// itself with SIGKILL right after STEP is done, so the crash-recovery tests can stop a publish
// at each step without a kill switch in the library or the tool.
//
//     publish-kill-harness STEP PACKAGE CATALOG

/// Kills this process once the step it waits for is done: nothing after it runs, no `defer`,
/// no lock released, as when the machine loses power.
struct KillAfter: PublishObserver {
    var step: PublishStep

    func stepDone(_ done: PublishStep) {
        if done == step { kill(getpid(), SIGKILL) }
    }
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3, let step = PublishStep(rawValue: arguments.first!) else {
    FileHandle.standardError.write(Data("usage: publish-kill-harness STEP PACKAGE CATALOG\n".utf8))
    exit(2)
}
let package = arguments.dropFirst().first!
let catalog = arguments.last!
guard let bytes = FileManager.default.contents(atPath: package) else {
    FileHandle.standardError.write(Data("cannot read '\(package)'\n".utf8))
    exit(2)
}
// `published` as `mactl publish` reads it: SOURCE_DATE_EPOCH's time when set, else now.
var published = Date()
if ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] != nil, let timestamp = try? ArchiveTimestamp.fromEnvironment() {
    published = Date(timeIntervalSince1970: TimeInterval(timestamp.secondsSinceEpoch))
}
var options = CatalogPublisher.Options(published: published)
options.observer = KillAfter(step: step)
do {
    _ = try CatalogPublisher.publish([UInt8](bytes), packageName: package, catalog: URL(fileURLWithPath: catalog), options: options)
} catch {
    FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
    exit(1)
}
// Reaching here means the step never came: the test expects the kill.
FileHandle.standardError.write(Data("the publish ended without the step '\(step.rawValue)'\n".utf8))
exit(3)
