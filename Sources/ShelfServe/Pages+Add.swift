import Foundation
import Hummingbird
import ShelfKit

/// Adding a book: by ISBN typed in, from a photo of its barcode (decoded on the server by zbar;
/// a phone's camera input over plain HTTP), or live with the browser's BarcodeDetector where it
/// has one (HTTPS or localhost). The book is looked up and created as `shelf add --isbn` does.
extension Pages {
    func addPage(notice: String? = nil, isbn: String = "", status: HTTPResponse.Status = .ok) -> Page {
        addPage(["notice": notice ?? "", "isbn": isbn], status: status)
    }

    private func addPage(_ extra: [String: Any], status: HTTPResponse.Status = .ok) -> Page {
        var context: [String: Any] = ["token": token, "readOnly": readOnly, "notice": "", "isbn": "", "title": ""]
        context.merge(extra) { $1 }
        context.merge(formValues()) { mine, _ in mine }
        return layout("Add a book", content: render(context, "add"), status: status)
    }

    /// The add page with the books Open Library finds for the words (as `shelf lookup "words"`),
    /// each with a button that adds it by its first ISBN, or a link to it when the library has it.
    func searchPage(title words: String) -> Page {
        let text = words.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return addPage() }
        do {
            let hits = try BookLookupService().search(text)
            let index = try? live.load().index
            let rows = hits.map { hit -> [String: Any] in
                let owned = hit.isbns.compactMap(ISBN.parse).lazy.compactMap { index?.books(withISBN: $0).first }.first
                return [
                    "title": hit.title, "authors": hit.authors.joined(separator: ", "), "year": hit.year.map(String.init) ?? "",
                    "isbn": owned == nil ? hit.isbns.first ?? "" : "", "owned": owned.map { Pages.bookLink($0.path) } ?? "",
                ]
            }
            return addPage(["title": text, "searched": true, "hits": rows])
        } catch {
            return addPage(["title": text, "notice": "The search failed: \(error.description)"], status: .badGateway)
        }
    }

    /// The add form posted: by ISBN (looked up), or by hand when it gives a title (the ISBN, if
    /// any, kept as given). `force` adds a book that looks like one the library has.
    func add(_ form: FormBody) -> Outcome {
        let isbn = (form["isbn"] ?? "").trimmingCharacters(in: .whitespaces)
        let title = (form["title"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        var request = NewBookRequest()
        if !title.isEmpty {
            request.title = title
            // The first author in a box of its own (suggested from the library), the others one
            // a line: a name may hold a comma (`Le Guin, Ursula K.`).
            request.authors = ([form["author"] ?? ""] + (form["authors"] ?? "").split(whereSeparator: \.isNewline).map(String.init))
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            request.tags = (form["tags"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let series = (form["series"] ?? "").trimmingCharacters(in: .whitespaces)
            request.series = series.isEmpty ? nil : series
        }
        guard !isbn.isEmpty || request.title != nil else {
            return .page(addPage(notice: "Type an ISBN, or scan one, or a title to add the book by hand.", status: .badRequest))
        }
        do {
            let index = try live.load().index
            let action = AddBooksAction(
                library: library, index: index, request: request, service: BookLookupService(),
                today: Clock.today(), force: form["force"] == "1", refresh: false, reporter: SilentReporter())
            let added = try action.add(isbn: isbn.isEmpty ? nil : isbn)
            return .redirect(Pages.bookLink(added.path))
        } catch AddBookError.duplicate(let existing, _) {
            return .page(
                addPage(
                    [
                        "isbn": isbn, "manualTitle": title, "manualAuthor": form["author"] ?? "", "manualAuthors": form["authors"] ?? "",
                        "manualTags": form["tags"] ?? "", "manualSeries": form["series"] ?? "",
                        "duplicate": ["title": existing.title, "link": Pages.bookLink(existing.path)] as [String: Any],
                    ],
                    status: .conflict))
        } catch AddBookError.unknownISBN(let isbn13) {
            return .page(addPage(["unknown": isbn13, "manualISBN": isbn13, "manual": true], status: .notFound))
        } catch {
            return .page(addPage(notice: "Not added: \(error)", isbn: isbn, status: .badRequest))
        }
    }

    /// `add(_:)` for an ISBN alone (the scan).
    func add(isbn: String) -> Outcome {
        add(FormBody("isbn=" + FormBody.encode(isbn)))
    }

    /// The photo's barcode, then `add(isbn:)`.
    func addScanned(_ photo: [UInt8]) -> Outcome {
        do {
            guard let isbn = try BarcodeReader.isbns(inImage: photo).first else { return .page(addPage(status: .badRequest)) }
            return add(isbn: isbn.isbn13)
        } catch {
            return .page(addPage(notice: "Not added: \(error)", status: .badRequest))
        }
    }
}

extension Templates {
    static let add = """
        <article class="add">
        <h1>Add a book</h1>
        {{#notice}}<p class="notice">{{notice}}</p>{{/notice}}
        {{#duplicate}}<div class="notice" role="status"><p>You have this book already: <a href="{{link}}">{{title}}</a>.</p>
        <form method="post" action="/add"><input type="hidden" name="token" value="{{token}}"><input type="hidden" name="isbn" value="{{isbn}}">
        <input type="hidden" name="title" value="{{manualTitle}}"><input type="hidden" name="author" value="{{manualAuthor}}"><input type="hidden" name="authors" value="{{manualAuthors}}">
        <input type="hidden" name="tags" value="{{manualTags}}"><input type="hidden" name="series" value="{{manualSeries}}">
        <input type="hidden" name="force" value="1"><button>Add another copy</button></form></div>{{/duplicate}}
        {{#unknown}}<p class="notice" role="status">Neither Open Library nor Google Books knows ISBN {{unknown}}. Add it by hand below: the ISBN is kept.</p>{{/unknown}}
        <form method="post" action="/add" id="isbn-form"><input type="hidden" name="token" value="{{token}}">
        <label>ISBN <input name="isbn" id="isbn" value="{{isbn}}" inputmode="numeric" autocomplete="off" placeholder="978…"></label>
        <button>Look up and add</button></form>
        <form method="post" action="/add/scan" enctype="multipart/form-data"><input type="hidden" name="token" value="{{token}}">
        <label>Or a photo of the barcode <input type="file" name="photo" accept="image/*" capture="environment"></label>
        <button>Scan the photo</button></form>
        <form method="get" action="/add" class="title-search">
        <label>Or search by title and author <input type="search" name="title" value="{{title}}" autocomplete="off"></label>
        <button>Search</button></form>
        <details class="manual"{{#manual}} open{{/manual}}><summary>Or add it by hand</summary>
        <form method="post" action="/add" class="manual-form"><input type="hidden" name="token" value="{{token}}">
        <label>Title <input name="title" required value="{{manualTitle}}"></label>
        <label>Author <input name="author" list="author-choices" autocomplete="off" value="{{manualAuthor}}"></label>
        <label>More authors, one a line <textarea name="authors" rows="2">{{manualAuthors}}</textarea></label>
        <label>Tags (comma between) <input name="tags" list="tag-choices" data-items autocomplete="off" value="{{manualTags}}"></label>
        <label>Series <input name="series" list="series-choices" autocomplete="off" value="{{manualSeries}}"></label>
        <label>ISBN (if it has one) <input name="isbn" inputmode="numeric" value="{{manualISBN}}"></label>
        <button>Add</button></form>{{> choices}}</details>
        {{#searched}}<ul class="hits">
        {{#hits}}<li><strong>{{title}}</strong>{{#year}} ({{year}}){{/year}} <span class="by">{{authors}}</span>
        {{#owned}}<a class="owned" href="{{owned}}">In your library</a>{{/owned}}{{#isbn}}<form method="post" action="/add" class="add-hit"><input type="hidden" name="token" value="{{token}}"><input type="hidden" name="isbn" value="{{isbn}}"><button>Add</button></form>{{/isbn}}{{^isbn}}{{^owned}}<span class="by">no ISBN: add it by hand above</span>{{/owned}}{{/isbn}}</li>
        {{/hits}}
        </ul>
        {{^hits}}<p class="notice">Nothing found for “{{title}}”.</p>{{/hits}}{{/searched}}
        <p><button id="live-start" type="button" hidden>Scan with the camera</button></p>
        <video id="live" playsinline muted hidden></video>
        <script src="/static/add.js"></script>
        </article>
        """

    /// Live scanning where the browser can (BarcodeDetector, a camera, a secure page); the photo
    /// form works everywhere. A file of its own: the pages run no inline script.
    static let addScript = """
        (function () {
          // Live scanning where the browser can (BarcodeDetector, a camera, a secure page); the photo form works everywhere.
          if (!('BarcodeDetector' in window) || !navigator.mediaDevices || !window.isSecureContext) return;
          var start = document.getElementById('live-start'), video = document.getElementById('live');
          start.hidden = false;
          start.addEventListener('click', function () {
            navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } }).then(function (stream) {
              video.srcObject = stream; video.hidden = false; video.play();
              var detector = new BarcodeDetector({ formats: ['ean_13'] });
              var timer = setInterval(function () {
                detector.detect(video).then(function (codes) {
                  var code = codes.map(function (c) { return c.rawValue; }).find(function (v) { return /^97[89]\\d{10}$/.test(v); });
                  if (!code) return;
                  clearInterval(timer); stream.getTracks().forEach(function (t) { t.stop(); });
                  document.getElementById('isbn').value = code; document.getElementById('isbn-form').submit();
                });
              }, 300);
            }, function () { start.textContent = 'No camera: use the photo instead'; start.disabled = true; });
          });
        })();
        """
}
