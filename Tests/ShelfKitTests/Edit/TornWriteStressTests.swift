import Foundation
import Testing
@testable import ShelfKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Guarantee 4 of the write door: while another program rewrites a book in place (truncate,
/// write half, pause, write the rest — an editor caught mid-save), shelf's edits apply to a
/// complete version or are refused; shelf never renames a torn file into place, and never takes
/// a half-written version for the book (a truncated file would not read as a book at all).
@Suite struct TornWriteStressTests {
    static let sentinel = "END OF NOTES\n"

    /// A complete version, as the other program writes it: a long body ending in the sentinel.
    static func version(_ number: Int) -> [UInt8] {
        let body = (0..<200).map { "Line \($0) of version \(number), long enough to span pages." }.joined(separator: "\n")
        return Array("---\ntitle: Stress\nrating: 1\n---\n\(body)\n\(sentinel)".utf8)
    }

    static func isComplete(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: Array("---\ntitle: Stress\n".utf8)) && bytes.suffix(sentinel.utf8.count).elementsEqual(sentinel.utf8)
    }

    @Test func editsDuringInPlaceRewritesNeverTearTheFile() throws {
        let folder = try EditTempFolder()
        let path = try folder.write("stress.md", bytes: Self.version(0))
        let writer = try folder.writer
        let state = StressState()
        let other = Thread {
            var number = 1
            while !state.stopped {
                // Only this thread writes in place, and it finished its last write: anything
                // incomplete it finds now was put there by shelf.
                if let current = try? Data(contentsOf: URL(fileURLWithPath: path)), !Self.isComplete(Array(current)) {
                    state.recordTorn()
                }
                let bytes = Self.version(number)
                number += 1
                let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
                guard descriptor >= 0 else { continue }
                let half = bytes.count / 2
                bytes.withUnsafeBytes { _ = FileIO.writeAll(UnsafeRawBufferPointer(rebasing: $0[..<half]), to: descriptor) }
                usleep(2_000)
                bytes.withUnsafeBytes { _ = FileIO.writeAll(UnsafeRawBufferPointer(rebasing: $0[half...]), to: descriptor) }
                close(descriptor)
                // Bursts of saves, then a pause, as a person or a sync tool works.
                usleep(number % 8 == 0 ? 60_000 : 1_000)
            }
            state.finish()
        }
        other.start()
        var written = 0
        var refused = 0
        for attempt in 0..<80 {
            do {
                if try writer.edit("stress.md", edits: [.set("rating", .typed(String(attempt % 5 + 1)))]) == .written { written += 1 }
            } catch let error as FileError {
                #expect(error.reason.contains("try again") || error.reason.contains("changed"), "\(error)")
                refused += 1
            } catch let error as EditError {
                // The rating changed under the edit (the other program wrote `rating: 1` back).
                guard case .changedOnDisk = error else { Issue.record("unexpected \(error)"); continue }
                refused += 1
            }
        }
        state.stop()
        state.waitForFinish()
        #expect(state.torn == 0, "shelf put a torn file in place \(state.torn) times")
        #expect(Self.isComplete(try folder.bytes("stress.md")))
        #expect(written > 0, "no edit ever went through (written \(written), refused \(refused))")
        #expect(try folder.temporaryFiles().isEmpty)
    }
}

/// Flags shared between the test and the rewriting thread.
private final class StressState: @unchecked Sendable {
    private let lock = NSLock()
    private var stopFlag = false
    private var tornCount = 0
    private let done = DispatchSemaphore(value: 0)

    var stopped: Bool { lock.withLock { stopFlag } }
    var torn: Int { lock.withLock { tornCount } }
    func stop() { lock.withLock { stopFlag = true } }
    func recordTorn() { lock.withLock { tornCount += 1 } }
    func finish() { done.signal() }
    func waitForFinish() { done.wait() }
}
