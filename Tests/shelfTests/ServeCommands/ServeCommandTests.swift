import Foundation
import Testing

/// `shelf serve` over HTTP on loopback: pages from the files as they are now, edits through the
/// door with the file's bytes checked, conflicts, the guard against other sites, read-only.
@Suite struct ServeCommandTests {
    static let dune = bookFile(
        "title: Dune  # the first\nauthor: Frank Herbert\nrating: 3\ntags: [sci-fi]",
        body: "\nSand.\n\n## Highlights\n\n> Fear is the mind-killer.\n")
    static let spqr = bookFile("title: SPQR\nauthors: [Mary Beard]\nstatus: reading", body: "\nRome.\n")

    static func library() throws -> TemporaryLibrary {
        try TemporaryLibrary(books: [("dune.md", dune), ("history/spqr.md", spqr)])
    }

    @Test func theGridAndSearchShowTheBooksAsTheFilesAreNow() throws {
        let library = try Self.library()
        let server = try ServeProcess(library: library)
        let home = try server.request("/")
        #expect(home.status == 200)
        #expect(home.body.contains("<strong>Dune</strong>") && home.body.contains("<strong>SPQR</strong>"), "\(home.body)")
        #expect(home.body.contains("2 books"))
        let query = try server.request("/?q=tag%3Asci-fi")
        #expect(query.body.contains("<strong>Dune</strong>") && !query.body.contains("<strong>SPQR</strong>"))
        let facet = try server.request("/?status=reading")
        #expect(facet.body.contains("<strong>SPQR</strong>") && !facet.body.contains("<strong>Dune</strong>"))
        let bad = try server.request("/?q=rating%3A%3E%3E")
        #expect(bad.status == 200)
        #expect(bad.body.contains("class=\"error\""), "\(bad.body)")
        // Written by another program meanwhile: the next load shows it, no restart.
        try library.write("new.md", bookFile("title: Piranesi\nauthors: [Susanna Clarke]"))
        #expect(try server.request("/").body.contains("<strong>Piranesi</strong>"))
    }

    @Test func aBookPageShowsFieldsAndNotesSafelyAndOnlyBooksHavePages() throws {
        let library = try Self.library()
        try library.write("evil.md", bookFile("title: \"<script>alert(1)</script>\"", body: "\n<img src=x onerror=alert(1)>\n"))
        try library.write(".git/config", "[core]\n")
        let server = try ServeProcess(library: library)
        let page = try server.request("/book?p=dune.md")
        #expect(page.status == 200)
        #expect(page.body.contains("<h1>Dune</h1>"))
        #expect(page.body.contains("<blockquote>"), "\(page.body)")
        let evil = try server.request("/book?p=evil.md")
        #expect(!evil.body.contains("<script>alert"), "\(evil.body)")
        #expect(!evil.body.contains("<img src=x"))
        for path in ["../etc/passwd", ".git/config", "shelf.yaml", "/etc/passwd", "nothing.md"] {
            #expect(try server.request("/book?p=" + path).status == 404, "\(path)")
        }
    }

    @Test func rateSpliceOnlyTheRatingAndRedirectToTheBook() throws {
        let library = try Self.library()
        let server = try ServeProcess(library: library)
        let token = try server.token(try server.request("/book?p=dune.md").body)
        let reply = try server.request("/book/rate?p=dune.md", form: [("token", token), ("rating", "5")])
        #expect(reply.status == 303)
        #expect(reply.location == "/book?p=dune.md")
        #expect(
            String(decoding: try library.bytes("dune.md"), as: UTF8.self)
                == Self.dune.replacingOccurrences(of: "rating: 3", with: "rating: 5"))
        let seven = try server.request("/book/rate?p=dune.md", form: [("token", token), ("rating", "7")])
        #expect(seven.status == 400)
        #expect(seven.body.contains("Nothing was saved"), "\(seven.body)")
        #expect(String(decoding: try library.bytes("dune.md"), as: UTF8.self).contains("rating: 5"))
    }

    @Test func anEditFromAnOlderPageIsAConflictShowingBothValuesAndSavesNothing() throws {
        let library = try Self.library()
        let server = try ServeProcess(library: library)
        let page = try server.request("/book?p=history/spqr.md").body
        let token = try server.token(page)
        let version = try server.value(of: "version", in: page)
        // Edited in a text editor after the page was loaded.
        let edited = Self.spqr.replacingOccurrences(of: "title: SPQR", with: "title: SPQR, A History")
        try library.write("history/spqr.md", edited)
        let form = [("token", token), ("version", version), ("title", "S.P.Q.R."), ("authors", "Mary Beard"), ("tags", "")]
        let conflict = try server.request("/book/edit?p=history/spqr.md", form: form)
        #expect(conflict.status == 409)
        #expect(conflict.body.contains("S.P.Q.R.") && conflict.body.contains("SPQR, A History"), "\(conflict.body)")
        #expect(String(decoding: try library.bytes("history/spqr.md"), as: UTF8.self) == edited)
        // "Save mine over it" sends the form again with the version the conflict page was made from.
        let newVersion = try server.value(of: "version", in: conflict.body)
        let saved = try server.request(
            "/book/edit?p=history/spqr.md",
            form: [
                ("token", token), ("version", newVersion), ("title", "S.P.Q.R."),
                ("authors", "Mary Beard"), ("tags", "history, rome"),
            ])
        #expect(saved.status == 303, "\(saved.body)")
        #expect(
            String(decoding: try library.bytes("history/spqr.md"), as: UTF8.self)
                == "---\ntitle: S.P.Q.R.\nauthors: [Mary Beard]\nstatus: reading\ntags: [history, rome]\n---\n\nRome.\n")
    }

    @Test func notesAndStatusGoThroughTheSameDoorAsTheCommandLine() throws {
        let library = try Self.library()
        let server = try ServeProcess(library: library, environment: ["SHELF_TODAY": "2026-11-25"])
        let token = try server.token(try server.request("/book?p=dune.md").body)
        #expect(try server.request("/book/status?p=dune.md", form: [("token", token), ("status", "read")]).status == 303)
        #expect(try server.request("/book/note?p=dune.md", form: [("token", token), ("note", "Reread in winter.")]).status == 303)
        let text = String(decoding: try library.bytes("dune.md"), as: UTF8.self)
        #expect(
            text.hasPrefix(
                "---\ntitle: Dune  # the first\nauthor: Frank Herbert\nrating: 3\ntags: [sci-fi]\nstatus: read\nfinished: 2026-11-25\n---\n"
            ), "\(text)")
        #expect(text.hasSuffix("Reread in winter.\n"))
    }

    @Test func formsFromOtherSitesAndOtherHostNamesAreRefused() throws {
        let library = try Self.library()
        let before = try library.snapshot()
        let server = try ServeProcess(library: library)
        let noToken = try server.request("/book/rate?p=dune.md", form: [("rating", "1")])
        #expect(noToken.status == 403)
        let token = try server.token(try server.request("/book?p=dune.md").body)
        let rebinding = try server.request(
            "/book/rate?p=dune.md", form: [("token", token), ("rating", "1")], headers: ["Host": "evil.example:8080"])
        #expect(rebinding.status == 403)
        #expect(try server.request("/", headers: ["Host": "evil.example"]).status == 403)
        #expect(try library.snapshot() == before)
    }

    @Test func readOnlyShowsEverythingAndChangesNothing() throws {
        let library = try Self.library()
        let before = try library.snapshot()
        let server = try ServeProcess(library: library, arguments: ["--read-only"])
        let page = try server.request("/book?p=dune.md")
        #expect(page.status == 200)
        #expect(!page.body.contains("<form method=\"post\""))
        #expect(try server.request("/book/rate?p=dune.md", form: [("token", "x"), ("rating", "1")]).status == 403)
        #expect(try library.snapshot() == before)
    }

    @Test func ctrlCStopsTheServerCleanly() throws {
        let library = try Self.library()
        let server = try ServeProcess(library: library)
        #expect(try server.request("/").status == 200)
        let ended = server.interrupt()
        #expect(ended?.shellStatus == 0, "\(String(describing: ended))")
    }
}

/// A port already taken is said in words, with what to do (NIO's own error named a system call).
@Suite struct ServeBusyPortTests {
    @Test func aBusyPortIsSaidWithTheNextOneToTry() throws {
        let library = try TemporaryLibrary(books: [("dune.md", bookFile("title: Dune"))])
        let first = try ServeProcess(library: library)
        let port = try #require(first.base.port)
        let second = try library.run(["serve", "--port", String(port)], environment: [:])
        #expect(second.status == 1, "\(second)")
        #expect(second.stderr.contains("127.0.0.1:\(port) is already in use"), "\(second)")
        #expect(second.stderr.contains("--port \(port + 1)") && second.stderr.contains("--port 0"), "\(second)")
        #expect(!second.stderr.contains("bind("), "\(second)")
    }
}
