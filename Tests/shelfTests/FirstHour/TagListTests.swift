import Foundation
import Testing

/// `set BOOK tags+=a,b` adds (and `tags-=a,b` removes) each tag, as `tags=a,b` sets them.
@Suite struct TagListTests {
    @Test func plusEqualsWithCommasAddsEachTag() throws {
        let library = try TemporaryLibrary(books: [("dune.md", "---\ntitle: Dune\ntags: [sci-fi]\n---\nNotes.\n")])
        let add = try library.run(["set", "dune", "tags+=classics, desert"])
        #expect(add.status == 0, "\(add)")
        #expect(
            String(decoding: try library.bytes("dune.md"), as: UTF8.self)
                == "---\ntitle: Dune\ntags: [sci-fi, classics, desert]\n---\nNotes.\n")
        let remove = try library.run(["set", "dune", "tags-=sci-fi,desert"])
        #expect(remove.status == 0, "\(remove)")
        #expect(String(decoding: try library.bytes("dune.md"), as: UTF8.self) == "---\ntitle: Dune\ntags: [classics]\n---\nNotes.\n")
        // Adding what is there writes nothing.
        let before = try library.snapshot()
        let again = try library.run(["set", "dune", "tags+=classics,Classics"])
        #expect(again.status == 0, "\(again)")
        #expect(try library.snapshot() == before)
    }

    @Test func anEmptyItemIsRefusedAndNothingWritten() throws {
        let library = try TemporaryLibrary(books: [("dune.md", "---\ntitle: Dune\ntags: [sci-fi]\n---\n")])
        let before = try library.snapshot()
        let result = try library.run(["set", "dune", "tags+=a,,b"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("holds an empty item"), "\(result)")
        #expect(try library.snapshot() == before)
    }

    @Test func authorsWithACommaStayOneName() throws {
        let library = try TemporaryLibrary(books: [("dune.md", "---\ntitle: Dune\nauthors: [Frank Herbert]\n---\n")])
        let result = try library.run(["set", "dune", "authors+=Herbert, Brian"])
        #expect(result.status == 0, "\(result)")
        #expect(String(decoding: try library.bytes("dune.md"), as: UTF8.self).contains("Herbert, Brian"))
        let json = try parseJSONObject(try library.run(["show", "dune", "--format", "json"]).stdout)
        #expect((json["authors"] as? [String])?.count == 2, "\(json)")
    }
}
