import Foundation
import Testing

/// The book page's one-field forms (rate, status, progress, lend, return) carry the version of
/// the file their page was made from and the field as it showed it, so that one sent late — a
/// change kept on a phone while the server could not be reached — meets the stale-file check:
/// applied when the file changed other fields only, asked about (409, nothing written) when the
/// file changed the same field (docs/serve.md, "On the phone").
@Suite struct ServeOneFieldTests {
    static let environment = ServeReadingTests.environment

    /// The server's library and its twin, changed by the command line alone.
    private func libraries() throws -> (served: TemporaryLibrary, typed: TemporaryLibrary) {
        (try TemporaryLibrary(books: ServeReadingTests.books), try TemporaryLibrary(books: ServeReadingTests.books))
    }

    private func text(_ library: TemporaryLibrary, _ file: String) throws -> String {
        String(decoding: try library.bytes(file), as: UTF8.self)
    }

    @Test func theFormsCarryThePagesVersionAndTheFieldAsShown() throws {
        let (library, _) = try libraries()
        let server = try ServeProcess(library: library, environment: Self.environment)
        let page = try server.request("/book?p=dune.md").body
        let rate = try ServeMergeTests.form("/book/rate?p=dune.md", in: page).fields.map { "\($0.0)=\($0.1)" }
        #expect(rate.contains { $0.hasPrefix("version=") } && rate.contains("original-rating="), "\(rate)")
        let progress = try ServeMergeTests.form("/book/progress?p=dune.md", in: page).fields.map { "\($0.0)=\($0.1)" }
        #expect(progress.contains("original-progress=2026-11-20 page 100"), "\(progress)")
        let status = try ServeMergeTests.form("/book/status?p=dune.md", in: page).fields.map { "\($0.0)=\($0.1)" }
        #expect(status.contains("original-status=reading"), "\(status)")
    }

    @Test func aRatingFromAnOlderPageLandsWhenTheFileChangedOtherFieldsOnly() throws {
        let (library, twin) = try libraries()
        let server = try ServeProcess(library: library, environment: Self.environment)
        let form = try ServeMergeTests.form("/book/rate?p=foundation.md", in: try server.request("/book?p=foundation.md").body)
        for side in [library, twin] { #expect(try side.run(["set", "foundation", "publisher=Gnome Press"]).status == 0) }
        #expect(try twin.run(["rate", "foundation", "2"], environment: Self.environment).status == 0)

        let reply = try server.request("/book/rate?p=foundation.md", form: form.fields + [("rating", "2")])
        #expect(reply.status == 303, "\(reply.status) \(reply.body)")
        #expect(try text(library, "foundation.md") == text(twin, "foundation.md"))
    }

    @Test func aRatingTheFileChangedMeanwhileIsAskedAndNothingIsWrittenUntilChosen() throws {
        let (library, twin) = try libraries()
        let server = try ServeProcess(library: library, environment: Self.environment)
        let form = try ServeMergeTests.form("/book/rate?p=foundation.md", in: try server.request("/book?p=foundation.md").body)
        for side in [library, twin] { #expect(try side.run(["rate", "foundation", "5"], environment: Self.environment).status == 0) }
        let afterCommand = try library.bytes("foundation.md")

        let conflict = try server.request("/book/rate?p=foundation.md", form: form.fields + [("rating", "2")])
        #expect(conflict.status == 409, "\(conflict.status) \(conflict.body)")
        #expect(conflict.body.contains("<td class=\"mine\">2</td><td class=\"theirs\">5</td>"), "\(conflict.body)")
        #expect(try library.bytes("foundation.md") == afterCommand, "the command's bytes stay")

        // "Save mine" posts the form again against the file as it is now: it lands.
        let chosen = try ServeMergeTests.form("/book/rate?p=foundation.md", in: conflict.body)
        let saved = try server.request("/book/rate?p=foundation.md", form: chosen.fields)
        #expect(saved.status == 303, "\(saved.status) \(saved.body)")
        #expect(try twin.run(["rate", "foundation", "2"], environment: Self.environment).status == 0)
        #expect(try text(library, "foundation.md") == text(twin, "foundation.md"))
    }

    @Test func progressFromAnOlderPageIsAskedAboutWhenTheLogGrewMeanwhile() throws {
        let (library, _) = try libraries()
        let server = try ServeProcess(library: library, environment: Self.environment)
        let form = try ServeMergeTests.form("/book/progress?p=dune.md", in: try server.request("/book?p=dune.md").body)
        #expect(try library.run(["progress", "dune", "150"], environment: Self.environment).status == 0)
        let afterCommand = try library.bytes("dune.md")
        let conflict = try server.request("/book/progress?p=dune.md", form: ServeMergeTests.changing(form.fields, ["position": "+25"]))
        #expect(conflict.status == 409, "\(conflict.status) \(conflict.body)")
        #expect(conflict.body.contains("<td class=\"mine\">+25</td>"), "\(conflict.body)")
        #expect(try library.bytes("dune.md") == afterCommand)
    }

    @Test func theManifestTheIconsAndTheWorkerAreServedForAnInstall() throws {
        let (library, _) = try libraries()
        let server = try ServeProcess(library: library, environment: Self.environment)
        let page = try server.request("/")
        #expect(page.body.contains("<link rel=\"manifest\" href=\"/manifest.webmanifest\""))
        let policy = try #require(page.header("Content-Security-Policy"))
        #expect(policy.contains("manifest-src 'self'") && policy.contains("worker-src 'self'") && policy.contains("script-src 'self';"))

        let manifest = try server.request("/manifest.webmanifest")
        #expect(manifest.header("Content-Type") == "application/manifest+json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(manifest.body.utf8)) as? [String: Any])
        #expect(json["display"] as? String == "standalone" && json["start_url"] as? String == "/dashboard")
        let icons = try #require(json["icons"] as? [[String: String]])
        #expect(icons.map { "\($0["sizes"] ?? "") \($0["purpose"] ?? "")" } == ["192x192 any", "512x512 any", "512x512 maskable"])
        for icon in icons {
            let reply = try server.request(try #require(icon["src"]))
            #expect(reply.status == 200 && reply.header("Content-Type") == "image/png", "\(icon)")
        }
        let worker = try server.request("/sw.js")
        #expect(worker.status == 200 && worker.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(worker.header("Content-Security-Policy") == policy)
    }
}
