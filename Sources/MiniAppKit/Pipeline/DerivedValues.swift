import Foundation

/// Values worked out from a whole `ProjectModel` on first use and then shared by every rule
/// that reads them, such as the smoke run (`ProjectModel.smokeRun`): rules run in parallel, and
/// the first to ask builds the value while the others wait for it. A layer below `Pipeline/`
/// adds the value as an extension, so the model does not depend on it.
public final class DerivedValues: @unchecked Sendable {
    // @unchecked: `values` is only touched while `lock` is held.
    private let lock = NSLock()
    private var values: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    func value<Value: Sendable>(_ type: Value.Type, _ build: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let built = values[ObjectIdentifier(type)] as? Value { return built }
        let value = build()
        values[ObjectIdentifier(type)] = value
        return value
    }
}
