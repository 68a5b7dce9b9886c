import CFuzzDriver
import Foundation
import MiniAppKitTestSupport

/// The target the running executable fuzzes; set once, before libFuzzer starts.
nonisolated(unsafe) private var currentTarget = FuzzTarget.json

/// Hands `target` to libFuzzer with the process's arguments (`-max_total_time=60 corpus/`...).
public func runFuzzer(_ target: FuzzTarget) -> Never {
    currentTarget = target
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        let bytes = size == 0 ? [] : [UInt8](UnsafeBufferPointer(start: data, count: size))
        currentTarget.run(bytes)
        return 0
    }
    exit(status)
}
