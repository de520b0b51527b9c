import Foundation
import Testing

/// `add --status read` records a finished read; `--started`/`--finished` date it, checked.
@Suite struct AddReadBookTests {
    @Test func addingAReadBookRecordsAFinishToday() throws {
        let library = try TemporaryLibrary(books: [])
        let result = try library.editRun(["add", "--title", "Dune", "--status", "read"])
        #expect(result.status == 0, "\(result)")
        try expectEditFile("dune.md", in: library, equals: "---\ntitle: Dune\nstatus: read\nadded: 2024-03-02\nfinished: 2024-03-02\n---\n")
    }

    @Test func finishedDatesTheReadAndImpliesRead() throws {
        let library = try TemporaryLibrary(books: [])
        #expect(try library.editRun(["add", "--title", "Emma", "--started", "2019", "--finished", "2019-05"]).status == 0)
        try expectEditFile(
            "emma.md", in: library, equals: "---\ntitle: Emma\nstatus: read\nadded: 2024-03-02\nstarted: 2019\nfinished: 2019-05\n---\n")
        #expect(try library.editRun(["add", "--title", "Middlemarch", "--status", "reading"]).status == 0)
        try expectEditFile(
            "middlemarch.md", in: library,
            equals: "---\ntitle: Middlemarch\nstatus: reading\nadded: 2024-03-02\nstarted: 2024-03-02\n---\n")
    }

    @Test func badDatesAreRefusedAndNothingIsWritten() throws {
        let library = try TemporaryLibrary(books: [])
        let future = try library.editRun(["add", "--title", "Xa", "--finished", "2025"])
        #expect(future.status != 0 && future.stderr.contains("future"), "\(future)")
        let backwards = try library.editRun(["add", "--title", "Xb", "--started", "2020", "--finished", "2019"])
        #expect(backwards.status != 0 && backwards.stderr.contains("before the start date"), "\(backwards)")
        #expect(!library.editExists("xa.md") && !library.editExists("xb.md"))
    }
}
