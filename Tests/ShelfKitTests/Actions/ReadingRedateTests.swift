import Foundation
import Testing
@testable import ShelfKit

/// `ReadingAction.redate` (the book page's "Change the dates of a read") and `finish --started`
/// ("Log another read"): only the dates asked for change, in the lines that hold them.
@Suite struct ReadingRedateTests {
    static let today = BookDate(year: 2026, month: 11, day: 25)
    static let reread = """
        ---
        title: Dune
        status: read
        started: 2026-01-02
        finished: 2026-02-01
        reads:
          - {started: 2019-03-02, finished: 2019-04-11, rating: 4}
          - 2021-06-30
        ---
        Notes.

        """

    /// Redates read `number` of a book written as `text`; the file as it is after.
    static func redated(_ text: String, read number: Int, started: String, ended: String) throws -> String {
        let folder = try EditTempFolder()
        try folder.write("dune.md", text)
        let writer = try folder.writer
        let action = ReadingAction(library: writer.library, finder: BookNameResolver(library: writer.library))
        try action.redate("dune.md", read: number, started: started, ended: ended, .init(today: today), reporter: RecordingReporter())
        return String(decoding: try folder.bytes("dune.md"), as: UTF8.self)
    }

    @Test func anEarlierReadsDatesChangeInItsOwnItemOnly() throws {
        let after = try Self.redated(Self.reread, read: 0, started: "2019-03-05", ended: "2019-04-11")
        #expect(after == Self.reread.replacingOccurrences(of: "{started: 2019-03-02,", with: "{started: 2019-03-05,"))
    }

    @Test func aBareDateStaysBareAndTakesAStartAsAMap() throws {
        let bare = try Self.redated(Self.reread, read: 1, started: "", ended: "2021-07-01")
        #expect(bare == Self.reread.replacingOccurrences(of: "  - 2021-06-30", with: "  - 2021-07-01"))
        let started = try Self.redated(Self.reread, read: 1, started: "2021-06", ended: "2021-06-30")
        #expect(started == Self.reread.replacingOccurrences(of: "  - 2021-06-30", with: "  - {started: 2021-06, finished: 2021-06-30}"))
    }

    @Test func theLatestReadsDatesAreTheTopLevelKeys() throws {
        let after = try Self.redated(Self.reread, read: 2, started: "2026-01-03", ended: "2026-02-01")
        #expect(after == Self.reread.replacingOccurrences(of: "started: 2026-01-02", with: "started: 2026-01-03"))
        let cleared = try Self.redated(Self.reread, read: 2, started: "", ended: "2026-02-01")
        #expect(cleared == Self.reread.replacingOccurrences(of: "started: 2026-01-02\n", with: ""))
    }

    @Test(arguments: [
        (0, "2019-05-01", "2019-04-11", "before the start date"),
        (0, "2019-03-02", "2027-01-01", "in the future"),
        (0, "March", "2019-04-11", "is not a date"),
        (5, "", "", "there is no read 6"),
    ])
    func aDateThatMakesNoSenseIsRefusedAndNothingWritten(_ number: Int, _ started: String, _ ended: String, _ reason: String) throws {
        let folder = try EditTempFolder()
        try folder.write("dune.md", Self.reread)
        let writer = try folder.writer
        let action = ReadingAction(library: writer.library, finder: BookNameResolver(library: writer.library))
        #expect {
            try action.redate(
                "dune.md", read: number, started: started, ended: ended, .init(today: Self.today), reporter: RecordingReporter())
        } throws: { String(describing: $0).contains(reason) }
        #expect(String(decoding: try folder.bytes("dune.md"), as: UTF8.self) == Self.reread)
    }

    @Test func anItemHoldingKeysShelfDoesNotWriteIsNotRewritten() throws {
        let text = Self.reread.replacingOccurrences(of: "rating: 4}", with: "rating: 4, where: Lisbon}")
        let folder = try EditTempFolder()
        try folder.write("dune.md", text)
        let writer = try folder.writer
        let action = ReadingAction(library: writer.library, finder: BookNameResolver(library: writer.library))
        #expect {
            try action.redate("dune.md", read: 0, started: "2019-03-05", ended: "", .init(today: Self.today), reporter: RecordingReporter())
        } throws: { String(describing: $0).contains("holds where:") }
        #expect(String(decoding: try folder.bytes("dune.md"), as: UTF8.self) == text)
    }

    @Test func finishAgainWithAStartLogsAReadOfThePastWithBothDays() throws {
        let folder = try EditTempFolder()
        try folder.write("dune.md", Self.reread)
        let writer = try folder.writer
        let action = ReadingAction(library: writer.library, finder: BookNameResolver(library: writer.library))
        let request = ReadingAction.Request(date: "2026-10-30", today: Self.today, again: true, started: "2026-10-01")
        try action.finish("dune.md", request, reporter: RecordingReporter())
        #expect(
            String(decoding: try folder.bytes("dune.md"), as: UTF8.self)
                == Self.reread.replacingOccurrences(of: "started: 2026-01-02", with: "started: 2026-10-01")
                .replacingOccurrences(of: "finished: 2026-02-01", with: "finished: 2026-10-30")
                .replacingOccurrences(of: "  - 2021-06-30\n", with: "  - 2021-06-30\n  - {started: 2026-01-02, finished: 2026-02-01}\n"))
        let late = ReadingAction.Request(date: "2026-11-01", today: Self.today, again: true, started: "2026-11-20")
        #expect { try action.finish("dune.md", late, reporter: RecordingReporter()) } throws: {
            String(describing: $0).contains("before the start date")
        }
    }
}
