import Foundation
import Testing

/// The book page's reads: Start, Finish and Abandon on a day, and another read logged, write
/// what `shelf start/finish/abandon --date` and `shelf finish --again --started` write; a
/// read's dates changed from the page change that read's line only.
extension ServeReadingTests {
    @Test func startFinishAndAbandonOnADayWriteWhatTheCommandsWriteWithDate() throws {
        try expectSameWrite(
            "dune.md", web: [("status", "read"), ("date", "2026-11-20")], at: "/book/status?p=dune.md",
            cli: ["finish", "dune", "--date", "2026-11-20"])
        try expectSameWrite(
            "dune.md", web: [("status", "abandoned"), ("date", "2026-11-21")], at: "/book/status?p=dune.md",
            cli: ["abandon", "dune", "--date", "2026-11-21"])
        try expectSameWrite(
            "foundation.md", web: [("status", "reading"), ("date", "2026-11-02")], at: "/book/status?p=foundation.md",
            cli: ["start", "foundation", "--date", "2026-11-02"])
        // An empty day is today, as without --date.
        try expectSameWrite(
            "foundation.md", web: [("status", "reading"), ("date", "")], at: "/book/status?p=foundation.md", cli: ["start", "foundation"])
        let library = try TemporaryLibrary(books: Self.books)
        let server = try ServeProcess(library: library, environment: Self.environment)
        let token = try server.token(try server.request("/book?p=dune.md").body)
        let future = try server.request("/book/status?p=dune.md", form: [("token", token), ("status", "read"), ("date", "2027-01-01")])
        #expect(future.status == 400 && future.body.contains("2027-01-01 is in the future"), "\(future.body)")
        #expect(try library.bytes("dune.md") == TemporaryLibrary(books: Self.books).bytes("dune.md"))
    }

    @Test func loggingAnotherReadWritesWhatFinishAgainWrites() throws {
        try expectSameWrite(
            "piranesi.md", web: [("started", "2026-10-01"), ("ended", "2026-10-30")], at: "/book/reread?p=piranesi.md",
            cli: ["finish", "piranesi", "--again", "--started", "2026-10-01", "--date", "2026-10-30"])
        let library = try TemporaryLibrary(books: Self.books)
        let server = try ServeProcess(library: library, environment: Self.environment)
        let token = try server.token(try server.request("/book?p=piranesi.md").body)
        _ = try server.request("/book/reread?p=piranesi.md", form: [("token", token), ("started", "2026-10-01"), ("ended", "2026-10-30")])
        let text = String(decoding: try library.bytes("piranesi.md"), as: UTF8.self)
        #expect(
            text.contains("started: 2026-10-01\nfinished: 2026-10-30\n")
                && text.contains("  - {started: 2026-01-02, finished: 2026-02-01}\n"), "\(text)")
        // A book never read: its first read, both days.
        try expectSameWrite(
            "foundation.md", web: [("started", "2026-03-01"), ("ended", "")], at: "/book/reread?p=foundation.md",
            cli: ["finish", "foundation", "--again", "--started", "2026-03-01"])
    }

    @Test func aReadsDatesChangedOnThePageChangeItsLineOnly() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let server = try ServeProcess(library: library, environment: Self.environment)
        let page = try server.request("/book?p=piranesi.md").body
        #expect(page.contains("<legend>Read 1 (finished)</legend>") && page.contains("<legend>Read 2 (finished)</legend>"), "\(page)")
        let before = String(decoding: try library.bytes("piranesi.md"), as: UTF8.self)
        let form = [
            ("token", try server.token(page)), ("version", try server.value(of: "version", in: page)), ("n", "0"),
            ("started", "2021-03-05"), ("ended", "2021-04-11"),
        ]
        let reply = try server.request("/book/reread?p=piranesi.md", form: form)
        #expect(reply.status == 303, "\(reply.status) \(reply.body)")
        let after = String(decoding: try library.bytes("piranesi.md"), as: UTF8.self)
        #expect(after == before.replacingOccurrences(of: "{started: 2021-03-02,", with: "{started: 2021-03-05,"), "\(after)")
        #expect(try server.request("/book?p=piranesi.md").body.contains("<td>2021-03-05</td>"))

        // The same form again, made from the page before the change: the list it named may
        // have changed, so it is refused and nothing is written.
        let stale = try server.request("/book/reread?p=piranesi.md", form: form.map { $0.0 == "started" ? ($0.0, "2021-03-07") : $0 })
        #expect(stale.status == 400 && stale.body.contains("the file changed since this page was loaded"), "\(stale.body)")
        #expect(String(decoding: try library.bytes("piranesi.md"), as: UTF8.self) == after)

        // A finish before the start is refused with the reason; nothing is written.
        let fresh = try server.request("/book?p=piranesi.md").body
        let backwards = try server.request(
            "/book/reread?p=piranesi.md",
            form: [
                ("token", try server.token(fresh)), ("version", try server.value(of: "version", in: fresh)), ("n", "1"),
                ("started", "2026-01-02"), ("ended", "2025-12-01"),
            ])
        #expect(backwards.status == 400 && backwards.body.contains("is before the start date"), "\(backwards.body)")
        #expect(String(decoding: try library.bytes("piranesi.md"), as: UTF8.self) == after)
    }
}
