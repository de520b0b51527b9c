import Testing
@testable import ShelfKit

/// A book kept with no status says it by its dates (docs/vaults.md, "A status from dates").
@Suite struct BookDatedStatusTests {
    @Test(arguments: ["date_read: \"2013/07/01\"", "finished: 2024-03-02", "dateRead: 2024-03-02", "status:\nfinished: 2024-03-02"])
    func aFinishedDateWithoutAStatusIsRead(lines: String) throws {
        let book = try requireBook("title: x\nstarted: 2024-01-02\n\(lines)\n")
        #expect(book.status == .read)
    }

    @Test func aStartedDateAloneIsReading() throws {
        #expect(try requireBook("title: x\nstarted: 2024-01-02\n").status == .reading)
        #expect(try requireBook("title: x\n").status == nil)
    }

    @Test(arguments: [("status: to-read", ReadingStatus?.some(.toRead)), ("status: abandoned", .abandoned), ("status: someday", nil)])
    func aWrittenStatusIsNeverOverridden(line: String, status: ReadingStatus?) throws {
        #expect(try requireBook("title: x\n\(line)\nfinished: 2024-03-02\n").status == status)
    }

    @Test func settingTheStatusReadFromDatesIsNoChange() {
        expectNoChange([.set("status", .string("read"))], on: "---\ntitle: x\ndate_read: \"2013/07/01\"\n---\n")
        expectNoChange([.set("status", .string("finished"))], on: "---\ntitle: x\nfinished: 2024-03-02\nstatus:\n---\n")
        expectEdit(
            [.set("status", .string("reading"))], on: "---\ntitle: x\nfinished: 2024-03-02\n---\n",
            gives: "---\ntitle: x\nfinished: 2024-03-02\nstatus: reading\n---\n")
    }
}
