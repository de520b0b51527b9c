import Foundation

/// Values kept alive until the process exits. shelf exits without tearing down what it loaded
/// (`Shelf.main` calls `exit`), but a value going out of scope inside a command is freed all the
/// same: for 100,000 books that is millions of releases, for memory the kernel frees at once.
enum Teardown {
    private static let kept = KeptValues()

    /// Keeps `value` until exit, so leaving a command's scope frees nothing of it.
    static func skip(_ value: Any) {
        kept.append(value)
    }
}

private final class KeptValues: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Any] = []

    func append(_ value: Any) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }
}
