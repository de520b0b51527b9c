import Foundation
import Synchronization
import Testing
@testable import ShelfKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGIOs this process received while the test ran: a lease broken by a writer signals its
/// holder, and an unhandled SIGIO ends the process (a `shelf set` beside an editor's save).
private let sigioCount = Atomic<Int>(0)

/// `WriteActivity` asks the kernel for a read lease to tell a file open for writing; a writer that
/// opens the file while the lease is held must never end the process with SIGIO.
@Suite(.serialized) struct WriteActivityTests {
    @Test func aWriterOpeningTheFileDuringTheCheckSendsNoSIGIO() throws {
        #if os(Linux)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-lease-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("book.md").path
        try Data("---\ntitle: Leased\n---\n".utf8).write(to: URL(fileURLWithPath: path))
        // Counted, not fatal, while the test runs: the other tests share this process.
        var counting = sigaction()
        counting.__sigaction_handler.sa_handler = { _ in sigioCount.add(1, ordering: .relaxed) }
        var previous = sigaction()
        try #require(sigaction(SIGIO, &counting, &previous) == 0)
        defer { sigaction(SIGIO, &previous, nil) }
        sigioCount.store(0, ordering: .relaxed)

        let reader = open(path, O_RDONLY | O_CLOEXEC)
        try #require(reader >= 0)
        defer { close(reader) }
        let stop = Atomic<Bool>(false)
        let opens = Atomic<Int>(0)
        let writer = Thread {
            while !stop.load(ordering: .relaxed) {
                // Opened for writing and closed at once, as an editor's save begins.
                let descriptor = open(path, O_WRONLY | O_CLOEXEC)
                if descriptor >= 0 { close(descriptor) }
                opens.add(1, ordering: .relaxed)
            }
        }
        writer.start()
        var checks = 0, busy = 0
        let until = Date().addingTimeInterval(1.5)
        while Date() < until {
            if WriteActivity.isOpenForWriting(reader) { busy += 1 }
            checks += 1
        }
        stop.store(true, ordering: .relaxed)
        while !writer.isFinished { usleep(1000) }
        #expect(checks > 1000 && opens.load(ordering: .relaxed) > 1000, "\(checks) checks, \(opens.load(ordering: .relaxed)) opens")
        #expect(
            sigioCount.load(ordering: .relaxed) == 0, "\(sigioCount.load(ordering: .relaxed)) SIGIOs in \(checks) checks (\(busy) busy)")
        #endif
    }
}
