/// The main help's long text, which is also the DESCRIPTION of the man page (`make man`): where
/// the library is, the query language in brief, the settings of shelf.yaml, the environment,
/// the exit statuses and examples. docs/cli.md says the same at more length.
enum ShelfHelp {
    static let discussion = """
        A library is a folder holding shelf.yaml and one Markdown file per book. shelf finds it \
        from --library, then $SHELF_LIBRARY, then the nearest folder at or above the current one \
        holding shelf.yaml.

        Queries (ls, search, authors, series…; `shelf help query` prints the whole guide):
          words and "phrases"        anywhere: title, authors, series, tags, notes…
          field:value                author:"le guin", tag:sci-fi, status:reading
          field:=value, field:/re/   the whole value; a regular expression
          rating:>=4, pages:<200     comparisons; rating:3..5 and finished:2020..2022 ranges
          finished:2024, added:>-30d dates cover their span; -30d, -2w, -6m, -1y count back
          has:field, -has:field      present or missing
          a b, a OR b, -a, NOT a, ( ) both, either, not, grouping
          @name                      a saved query: @reading, @to-read, @recent

        Settings in shelf.yaml (all optional; `shelf init` writes them commented):
          filename: "{author}-{title}"  new books' file names ({author} {title} {year});
                                        a / names folders: "Books/{title}"
          filename_style: as-written     names as titles are written (default: slug)
          date_style: 2025/04/21         an example date: a book's first date is written so
          author_separator: ","         "A, B" in one value is two authors
          tag_separator: " "            tags: a b is two tags (Jekyll)
          post_keys: [publishDate]      a web page's keys, not the book's (Hugo)
          goals:                        reading goals by year: 2026: {books: 52} (shelf goal)
          goal: 30                      older form: books to finish this year
          queries:                      saved queries, run as @name
          fields:                       your files' own key names (author: for authors)
          statuses:                     your status words, mapped to shelf's four
          series_counts:                books in a series, for "3 of 5 read"

        Environment:
          SHELF_LIBRARY            the library, when --library is not given
          SHELF_PAGER, PAGER       the pager for long output (empty: none)
          NO_COLOR                 any non-empty value turns colour off
          VISUAL, EDITOR           the editor for edit and note
          COLUMNS                  the table width when the output is not a terminal
          XDG_CACHE_HOME           where the caches live (default ~/.cache)
          SHELF_CACHE_LIMIT        MiB the library indexes may hold (default 2048; shelf cache)
          SHELF_TODAY, SHELF_NOW   fix today's date (YYYY-MM-DD) and the time (HH:MM)
          SHELF_OPENLIBRARY_URL    Open Library's address, for lookups
          SHELF_GOOGLE_BOOKS_URL   Google Books' address, for lookups
          SHELF_HTTP_TIMEOUT       seconds to wait for a lookup's answer
          SHELF_HTTP_BACKOFF       seconds before the first retry of a lookup
          SHELF_HTTP_INTERVAL      least seconds between requests in bulk lookups
          SHELF_HTTP_LIBRARY       the network module to load for lookups

        Exit status: 0 on success; 1 on an error (a book not found, a file shelf cannot read, \
        a problem found by check); 64 for a usage error (an unknown command or option, a bad \
        value). Messages go to stderr, results to stdout.

        Examples:
          shelf init ~/Books
          shelf add --isbn 9780441478125
          shelf ls --tag sci-fi --sort rating
          shelf ls 'rating:>=4 finished:2024'
          shelf show "left hand of darkness"
          shelf set dune tags+=classics,desert
          shelf --library ~/Books ls --status reading --format json
          shelf help ls
        """
}
