/// Answers in the shapes Open Library sends, written for shelf's tests (the books are real, the
/// records are ours). `covers` is where the cover URLs point: the loopback server in tests that
/// download covers.
public enum OpenLibraryFixtures {
    public static let defaultCovers = "https://covers.openlibrary.org"

    /// `api/books?bibkeys=ISBN:9780441478125&format=json&jscmd=data`: a full record. Subjects
    /// mix plain names with a `place:` one; the date is written out in words.
    public static func leftHandOfDarkness(covers: String = defaultCovers) -> String {
        """
        {
          "ISBN:9780441478125": {
            "url": "https://openlibrary.org/books/OL7283254M/The_Left_Hand_of_Darkness",
            "key": "/books/OL7283254M",
            "title": "The Left Hand of Darkness",
            "subtitle": "50th Anniversary Edition",
            "authors": [
              {
                "url": "https://openlibrary.org/authors/OL31353A/Ursula_K._Le_Guin",
                "name": "Ursula K. Le Guin"
              }
            ],
            "number_of_pages": 304,
            "weight": "6.4 ounces",
            "identifiers": {
              "goodreads": ["18423"],
              "librarything": ["7461"],
              "isbn_10": ["0441478123"],
              "isbn_13": ["9780441478125"],
              "openlibrary": ["OL7283254M"]
            },
            "publishers": [
              {"name": "Ace Books"},
              {"name": "Berkley Publishing Group"}
            ],
            "publish_places": [{"name": "New York"}],
            "publish_date": "July 15, 1987",
            "subjects": [
              {"name": "Science fiction", "url": "https://openlibrary.org/subjects/science_fiction"},
              {"name": "place:Gethen", "url": "https://openlibrary.org/subjects/place:gethen"},
              {"name": "Gender identity", "url": "https://openlibrary.org/subjects/gender_identity"},
              {"name": "time:Far future", "url": "https://openlibrary.org/subjects/time:far_future"},
              {"name": "Winter", "url": "https://openlibrary.org/subjects/winter"},
              {"name": "Hugo Award winner", "url": "https://openlibrary.org/subjects/hugo_award_winner"}
            ],
            "subject_places": [
              {"name": "Gethen", "url": "https://openlibrary.org/subjects/place:gethen"}
            ],
            "cover": {
              "small": "\(covers)/b/id/8231856-S.jpg",
              "medium": "\(covers)/b/id/8231856-M.jpg",
              "large": "\(covers)/b/id/8231856-L.jpg"
            },
            "ebooks": [
              {
                "preview_url": "https://archive.org/details/lefthandofdarkne00legu",
                "availability": "borrow",
                "formats": {},
                "borrow_url": "https://openlibrary.org/books/OL7283254M/The_Left_Hand_of_Darkness/borrow",
                "checkedout": false
              }
            ]
          }
        }
        """
    }

    /// A record that knows little: no authors, publishers, pages, subjects, cover or
    /// identifiers; only the `key` names the edition, and the date is `c1985`.
    public static let sparseRecord = """
        {
          "ISBN:9780306406157": {
            "url": "https://openlibrary.org/books/OL2589537M/Fundamentals_of_data_structures",
            "key": "/books/OL2589537M",
            "title": "  Fundamentals of data structures ",
            "publish_date": "c1985"
          }
        }
        """

    /// An older record whose identifiers hold only the ISBN-10, keyed by the ISBN-10 bibkey.
    public static let isbn10OnlyRecord = """
        {
          "ISBN:0802130305": {
            "url": "https://openlibrary.org/books/OL5910947M/Ficciones",
            "key": "/books/OL5910947M",
            "title": "Ficciones",
            "authors": [{"url": "https://openlibrary.org/authors/OL4327048A/Jorge_Luis_Borges", "name": "Jorge Luis Borges"}],
            "publishers": [{"name": "Grove Press"}],
            "publish_date": "1962",
            "number_of_pages": 174,
            "identifiers": {
              "isbn_10": ["0802130305"],
              "openlibrary": ["OL5910947M"]
            }
          }
        }
        """

    /// What `api/books` answers for an ISBN it does not know: an empty object, status 200.
    public static let notFound = "{}"

    /// `search.json?q=left+hand+of+darkness&fields=title,author_name,first_publish_year,isbn`:
    /// one work with repeated ISBNs in both forms and an invalid one, a study guide with no
    /// ISBN and no year, and a doc with no title.
    public static let search = """
        {
          "numFound": 3,
          "start": 0,
          "numFoundExact": true,
          "docs": [
            {
              "title": "The Left Hand of Darkness",
              "author_name": ["Ursula K. Le Guin"],
              "first_publish_year": 1969,
              "isbn": ["0441478123", "9780441478125", "9780441478120", "0441013597", "9780441013593"]
            },
            {
              "title": "Notes on &quot;The Left Hand of Darkness&quot;"
            },
            {
              "author_name": ["Anonymous"],
              "first_publish_year": 2001,
              "isbn": ["0306406152"]
            }
          ],
          "num_found": 3,
          "q": "left hand of darkness",
          "offset": null
        }
        """

    /// `search.json` finding nothing.
    public static let emptySearch = """
        {"numFound": 0, "start": 0, "numFoundExact": true, "docs": [], "num_found": 0, "q": "zzxq", "offset": null}
        """
}
