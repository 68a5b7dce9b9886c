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

extension ParallelMap {
    /// `map` for items of very different cost: each worker takes the next item as it finishes
    /// one, in the order of `cost`, highest first, so no core idles while the other works
    /// through a long item last. Results keep the input order.
    static func mapLargestFirst<Item: Sendable, Result: Sendable>(
        _ items: [Item], workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        cost: (Item) -> Int, transform: @Sendable (Item) -> Result
    ) -> [Result] {
        mapLargestFirst(items, workers: workers, cost: cost) {
            ()
        } transform: { _, item in
            transform(item)
        }
    }

    /// `mapLargestFirst` with a context per worker, made once when the worker starts and
    /// released when it ends (a compressor whose tables cost more to make than to use).
    static func mapLargestFirst<Item: Sendable, Context, Result: Sendable>(
        _ items: [Item], workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        cost: (Item) -> Int, makeContext: @Sendable () -> Context, transform: @Sendable (Context, Item) -> Result
    ) -> [Result] {
        guard !items.isEmpty else { return [] }
        let order = items.indices.sorted { (cost(items[$0]), $1) > (cost(items[$1]), $0) }
        let slots = ResultSlots<Result>(count: items.count)
        let next = NextIndex()
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, items.count))) { _ in
            let context = makeContext()
            while let position = next.take(below: order.count) {
                let index = order[position]
                slots.set(index, transform(context, items[index]))
            }
        }
        return slots.values
    }

    /// `map` where each worker takes the next item as it finishes one, in the order of
    /// `order` (indices of `items`): a long item put first runs beside the others instead of
    /// holding up the worker whose turn it happens to be. Results keep the input order.
    static func mapTakingInOrder<Item: Sendable, Result: Sendable>(
        _ items: [Item], order: [Int]? = nil, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        transform: @Sendable (Item) -> Result
    ) -> [Result] {
        guard !items.isEmpty else { return [] }
        let order = order ?? Array(items.indices)
        let slots = ResultSlots<Result>(count: items.count)
        let next = NextIndex()
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, items.count))) { _ in
            while let position = next.take(below: order.count) {
                let index = order[position]
                slots.set(index, transform(items[index]))
            }
        }
        return slots.values
    }
}

/// The next position to work on, shared by the workers.
private final class NextIndex: @unchecked Sendable {
    // @unchecked: `value` is only touched while `lock` is held.
    private var value = 0
    private let lock = NSLock()

    func take(below count: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < count else { return nil }
        value += 1
        return value - 1
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
