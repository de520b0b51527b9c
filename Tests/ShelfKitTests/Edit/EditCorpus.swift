/// Tricky book files, written out byte for byte. Each edit test takes one of them, applies one
/// edit and compares the whole file with the expected text written out in the test.
enum EditCorpus {
    /// LF; comments on their own lines and after values; a flow tag list; single- and
    /// double-quoted values; `key:` with no value; an unknown nested key; a body.
    static let commented = """
        ---
        # A book I keep coming back to
        title: Dune   # working title
        authors:   # one or more
          - Frank Herbert  # the author
        isbn: '9780441172719'
        status: reading # to-read | reading | read
        rating: 4  # out of 5
        tags: [scifi, Classics, desert]   # flow list
        mood: "cozy"
        subtitle:
        extra:
          shelf: living room   # where it is
          loans:
            - Sam
        # trailing comment
        ---
        Notes here.

        """

    /// A UTF-8 BOM, CRLF line endings, a block tag list, a double-quoted title, the `author`
    /// alias, and a body without a final newline.
    static let crlfLines = [
        "\u{FEFF}---",
        "title: \"The Left Hand of Darkness\"",
        "author: Ursula K. Le Guin",
        "rating: 3",
        "tags:",
        "  - sci-fi",
        "  - classics",
        "  - hainish",
        "---",
        "Body line one.",
        "Body line two.",
    ]

    /// `crlfLines` joined by CRLF: no line break after the last body line.
    static var crlf: String { crlf(crlfLines) }

    static func crlf(_ lines: [String]) -> String { lines.joined(separator: "\r\n") }

    /// Non-Latin text and emoji, an anchor and its alias, `|` and `>-` block scalars, front
    /// matter only (nothing after the closing line but its line break).
    static let unicode = """
        ---
        title: 三体   # The Three-Body Problem
        authors:
          - 刘慈欣
        publisher: &pub Chongqing Press
        imprint: *pub
        summary: |
          Line one.
          Line two.
        blurb: >-
          Folded
          text.
        tags: [科幻, 🚀, hard-sf]
        ---

        """

    /// No final newline after the closing `---`, and a `---` line (with YAML-looking text) in the body.
    static let noFinalNewline = "---\ntitle: Solaris\ntags: scifi\nrating: 2\n---"

    static let dashesInBody = """
        ---
        title: Solaris
        tags:
        ---
        Part one.
        ---
        title: not front matter
        ---
        """
}
