import Foundation
import Testing
@testable import MiniAppKit

/// `ParallelMap.mapLargestFirst`: every item is mapped once, the results keep the input order
/// whatever order the work was done in, and the work starts with the costliest items.
struct ParallelMapTests {
    @Test func resultsKeepTheInputOrderAndEachItemRunsOnce() {
        let items = Array(0..<500)
        let log = StartOrder()
        let results = ParallelMap.mapLargestFirst(items, workers: 3) {
            $0 % 7
        } transform: { item -> Int in
            log.record(item)
            return item * 2
        }
        #expect(results == items.map { $0 * 2 })
        #expect(log.items.sorted() == items)
    }

    /// One worker takes the items by cost, highest first, and by input order among equals.
    @Test func oneWorkerTakesTheCostliestItemsFirst() {
        let log = StartOrder()
        _ = ParallelMap.mapLargestFirst(["b", "ccc", "a", "dd", "e"], workers: 1) {
            $0.count
        } transform: {
            log.record($0.count * 10 + Int($0.unicodeScalars.first!.value) - 96)
        }
        #expect(log.items == [33, 24, 12, 11, 15])
        #expect(ParallelMap.mapLargestFirst([Int](), cost: { $0 }, transform: { $0 }).isEmpty)
    }

    final class StartOrder: @unchecked Sendable {
        // @unchecked: `lock` guards `items`.
        private let lock = NSLock()
        private(set) var items: [Int] = []
        func record(_ item: Int) {
            lock.lock()
            items.append(item)
            lock.unlock()
        }
    }
}
