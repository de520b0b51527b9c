import Foundation
import Synchronization
import Testing
@testable import ShelfKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program appending to a book (`echo "line" >> book.md`) while shelf edits it: a line that
/// reaches the old file between shelf's last check and its rename must still be in the book.
@Suite struct AppendRaceStressTests {
    static let books = 12
    static let editsPerBook = 84

    /// 1,008 edits of `rating`, one thread per book, while one more thread appends a numbered
    /// line to a book every few milliseconds (each book about every 80 ms, at random moments).
    /// Every appended line must be in its book exactly once, and every book must hold the rating
    /// its last written edit set.
    @Test(.timeLimit(.minutes(3))) func everyAppendedLineSurvivesAThousandEdits() throws {
        let folder = try EditTempFolder()
        for book in 0..<Self.books {
            try folder.write("b\(book).md", "---\ntitle: Book \(book)\nrating: 1\n---\nNotes.\n")
        }
        let writer = try folder.writer
        let root = folder.path
        let stop = Atomic<Bool>(false)
        let appended = Mutex<[Int: [Int]]>([:])
        let appender = Thread {
            var number = 0
            while !stop.load(ordering: .relaxed) {
                let book = Int.random(in: 0..<Self.books)
                if Self.append("append \(number)\n", to: root + "/b\(book).md") {
                    appended.withLock { $0[book, default: []].append(number) }
                }
                number += 1
                usleep(UInt32.random(in: 1_000...12_000))
            }
        }
        appender.start()
        let lastWritten = Mutex<[Int: Int]>([:])
        let refused = Mutex<[String]>([])
        let done = DispatchGroup()
        for book in 0..<Self.books {
            done.enter()
            Thread {
                defer { done.leave() }
                var written = 0, attempt = 0
                while written < Self.editsPerBook && attempt < Self.editsPerBook * 3 {
                    let rating = attempt % 5 + 1
                    attempt += 1
                    do {
                        if try writer.edit("b\(book).md", edits: [.set("rating", .typed(String(rating)))]) == .written {
                            written += 1
                            lastWritten.withLock { $0[book] = rating }
                        }
                    } catch {
                        refused.withLock { $0.append("b\(book).md: \(error)") }
                    }
                }
            }.start()
        }
        done.wait()
        stop.store(true, ordering: .relaxed)
        while appender.isExecuting || !appender.isFinished { usleep(1_000) }

        let editsWritten = lastWritten.withLock { $0.count }
        #expect(editsWritten == Self.books)
        #expect(refused.withLock { $0.count } < Self.books * Self.editsPerBook / 10, "\(refused.withLock { $0.prefix(5) })")
        var lost = 0, duplicated = 0, total = 0
        for book in 0..<Self.books {
            let text = String(decoding: try folder.bytes("b\(book).md"), as: UTF8.self)
            let lines = text.split(separator: "\n").map(String.init)
            for number in appended.withLock({ $0[book] ?? [] }) {
                total += 1
                switch lines.filter({ $0 == "append \(number)" }).count {
                case 0: lost += 1
                case 1: break
                default: duplicated += 1
                }
            }
            if let rating = lastWritten.withLock({ $0[book] }) {
                #expect(lines.contains("rating: \(rating)"), "b\(book).md lost its last edit (rating \(rating)):\n\(text)")
            }
        }
        #expect(total > 500, "the appender appended only \(total) lines")
        #expect(lost == 0, "\(lost) of \(total) appended lines were lost")
        #expect(duplicated == 0, "\(duplicated) of \(total) appended lines are in their book twice")
        #expect(try folder.temporaryFiles().isEmpty)
        #expect(try folder.listing().filter { $0.contains("conflict") }.isEmpty)
    }

    /// Appends `line` as `echo line >> path` does: open with O_APPEND, one write, close.
    static func append(_ line: String, to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return Array(line.utf8).withUnsafeBytes { FileIO.writeAll($0, to: descriptor) }
    }
}
