import Foundation

/// Maps items on every core, each worker with its own context (a JavaScriptCore evaluator
/// cannot run two scripts at once, so each worker gets one). Results keep the input order.
enum ParallelMap {
    static func map<Item: Sendable, Context, Result: Sendable>(
        _ items: [Item], workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        makeContext: @Sendable () -> Context, transform: @Sendable (Context, Item) -> Result
    ) -> [Result] {
        guard !items.isEmpty else { return [] }
        let workerCount = max(1, min(workers, items.count))
        let slots = ResultSlots<Result>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: workerCount) { worker in
            let context = makeContext()
            for index in stride(from: worker, to: items.count, by: workerCount) {
                slots.set(index, transform(context, items[index]))
            }
        }
        return slots.values
    }
}

/// Where workers put their results; each index is written once, by one worker.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private var storage: [Value?]
    private let lock = NSLock()

    init(count: Int) {
        storage = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: Value) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return storage.map { $0! }
    }
}
