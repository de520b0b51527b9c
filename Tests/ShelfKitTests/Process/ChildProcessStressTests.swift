import Foundation
import Testing
@testable import ShelfKit

#if canImport(Glibc)
import Glibc
#endif

/// Many children at once from many threads: the way the end-to-end tests start `shelf`, where
/// Foundation's `Process` crashed in its spawn path.
@Suite("Process: many children at once")
struct ChildProcessStressTests {
    /// 400 children from 8 threads at once, each fed its own input and giving it back on both
    /// streams: no crash, and no child gets another's bytes.
    @Test func manyChildrenFromManyThreads() throws {
        let failures = FailureList()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for number in 0..<50 {
                let text = "thread \(thread) child \(number) " + String(repeating: "x", count: number * 97)
                do {
                    let result = try ChildProcess(
                        "sh", arguments: ["-c", "tee /dev/stderr; exit $1", "sh", String(number % 5)],
                        standardInput: .pipe, standardOutput: .pipe, standardError: .pipe
                    ).run(input: Array(text.utf8), timeout: 120)
                    if result.termination != .exited(Int32(number % 5)) || result.standardOutput != Array(text.utf8)
                        || result.standardError != Array(text.utf8)
                    {
                        failures.add("\(thread)/\(number): \(result.termination) \(result.standardOutput.count) bytes")
                    }
                } catch {
                    failures.add("\(thread)/\(number): \(error)")
                }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
    }

    /// While other threads keep starting children, a child's pipe reaches end of file when that
    /// child ends: no other child started meanwhile holds a copy of its write end (each would
    /// otherwise keep the reader waiting until it ended, here never, since they wait for input).
    @Test func pipesDoNotLeakIntoChildrenStartedMeanwhile() throws {
        let holders = (0..<6).compactMap { _ in
            try? ChildProcess("cat", standardInput: .pipe, standardOutput: .null).spawn()
        }
        #expect(holders.count == 6)
        let failures = FailureList()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for number in 0..<25 {
                do {
                    let result = try ChildProcess("echo", arguments: ["\(thread).\(number)"], standardOutput: .pipe)
                        .run(timeout: 60)
                    if result.timedOut || result.standardOutput != Array("\(thread).\(number)\n".utf8) {
                        failures.add("\(thread)/\(number): timed out \(result.timedOut)")
                    }
                } catch {
                    failures.add("\(thread)/\(number): \(error)")
                }
            }
        }
        for holder in holders {
            holder.closeStandardInput()
            #expect(holder.wait() == .exited(0))
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
    }
}

/// Failures collected from several threads.
final class FailureList: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    func add(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
}
