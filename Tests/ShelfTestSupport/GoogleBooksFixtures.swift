/// Answers in the shapes Google Books' volumes API (`books/v1/volumes?q=isbn:…`) sends, written
/// for shelf's tests. Google HTML-escapes text (`&amp;`, `&#39;`), writes dates as `2014`,
/// `2014-10` or `2014-10-28`, and may answer with another edition than the one asked for.
public enum GoogleBooksFixtures {
    public static let defaultImages = "http://books.google.com"

    /// One volume, every field in its real place; the values are ours.
    public static func volume(
        id: String, title: String, subtitle: String? = nil, authors: [String], publisher: String?,
        publishedDate: String?, description: String, isbn13: String, isbn10: String?, pageCount: Int?,
        categories: [String], language: String = "en", images: String? = defaultImages
    ) -> String {
        var identifiers = [#"{"type": "ISBN_13", "identifier": "\#(isbn13)"}"#]
        if let isbn10 { identifiers.append(#"{"type": "ISBN_10", "identifier": "\#(isbn10)"}"#) }
        identifiers.append(#"{"type": "OTHER", "identifier": "UOM:39015\#(isbn13.suffix(9))"}"#)
        var info: [String] = [#""title": "\#(title)""#]
        if let subtitle { info.append(#""subtitle": "\#(subtitle)""#) }
        info.append(#""authors": [\#(authors.map { "\"\($0)\"" }.joined(separator: ", "))]"#)
        if let publisher { info.append(#""publisher": "\#(publisher)""#) }
        if let publishedDate { info.append(#""publishedDate": "\#(publishedDate)""#) }
        info.append(#""description": "\#(description)""#)
        info.append(#""industryIdentifiers": [\#(identifiers.joined(separator: ", "))]"#)
        info.append(#""readingModes": {"text": false, "image": true}"#)
        if let pageCount { info.append(#""pageCount": \#(pageCount)"#) }
        info.append(#""printType": "BOOK""#)
        info.append(#""categories": [\#(categories.map { "\"\($0)\"" }.joined(separator: ", "))]"#)
        info.append(#""maturityRating": "NOT_MATURE", "allowAnonLogging": false, "contentVersion": "0.3.1.0.preview.1""#)
        if let images {
            info.append(
                #"""
                "imageLinks": {
                      "smallThumbnail": "\#(images)/books/content?id=\#(id)&printsec=frontcover&img=1&zoom=5&source=gbs_api",
                      "thumbnail": "\#(images)/books/content?id=\#(id)&printsec=frontcover&img=1&zoom=1&source=gbs_api"
                    }
                """#)
        }
        info.append(#""language": "\#(language)""#)
        info.append(#""previewLink": "http://books.google.com/books?id=\#(id)&dq=isbn:\#(isbn13)&hl=&cd=1&source=gbs_api""#)
        info.append(#""canonicalVolumeLink": "https://books.google.com/books/about/?id=\#(id)""#)
        return """
            {
              "kind": "books#volume",
              "id": "\(id)",
              "etag": "Zx0fAbc1De2",
              "selfLink": "https://www.googleapis.com/books/v1/volumes/\(id)",
              "volumeInfo": {
                \(info.joined(separator: ",\n    "))
              },
              "saleInfo": {"country": "US", "saleability": "NOT_FOR_SALE", "isEbook": false},
              "accessInfo": {"country": "US", "viewability": "NO_PAGES", "embeddable": false, "publicDomain": false},
              "searchInfo": {"textSnippet": "\(description.prefix(40))"}
            }
            """
    }

    /// The volumes answer around `volumes`.
    public static func answer(_ volumes: [String]) -> String {
        """
        {
          "kind": "books#volumes",
          "totalItems": \(volumes.count),
          "items": [
        \(volumes.joined(separator: ",\n"))
          ]
        }
        """
    }

    /// No volume: Google's "not found".
    public static let notFound = #"{"kind": "books#volumes", "totalItems": 0}"#

    /// Pride and Prejudice (9780141439518), with `&amp;` in the title and publisher and
    /// `&#39;` in the description; four categories.
    public static func prideAndPrejudice(publishedDate: String = "2014-10-28", images: String = defaultImages) -> String {
        answer([
            volume(
                id: "s1gVAAAAYAAJ", title: "Pride &amp; Prejudice", subtitle: "A Novel", authors: ["Jane Austen"],
                publisher: "Penguin &amp; Classics", publishedDate: publishedDate,
                description: "Austen&#39;s most beloved novel &mdash; &quot;a truth universally acknowledged&quot;.",
                isbn13: "9780141439518", isbn10: "0141439513", pageCount: 480,
                categories: ["Fiction", "Classics", "Romance", "Literary Collections"], images: images)
        ])
    }

    /// Foundation's Edge (9780553293357), with `&#39;` in the title, no subtitle, pages 0 (which
    /// Google writes for "unknown") and a year-month date.
    public static func foundationsEdge(images: String = defaultImages) -> String {
        answer([
            volume(
                id: "aFdEdgeAAAAJ", title: "Foundation&#39;s Edge", authors: ["Isaac Asimov"], publisher: "Spectra",
                publishedDate: "1983-10", description: "The Seldon Plan&#39;s hidden flaw.",
                isbn13: "9780553293357", isbn10: "0553293354", pageCount: 0, categories: ["Fiction"], images: images)
        ])
    }

    /// Asked for The Way of Kings hardcover (9780765326355), Google answers with the mass-market
    /// edition (9780765365279) only.
    public static let anotherEdition = answer([
        volume(
            id: "QVn-CgAAQBAJ", title: "The Way of Kings", authors: ["Brandon Sanderson"], publisher: "Tor",
            publishedDate: "2011-03-01", description: "Book one of the Stormlight Archive.",
            isbn13: "9780765365279", isbn10: "0765365278", pageCount: 1252, categories: ["Fiction"])
    ])
}
