/// The main help's long text, which is also the man page's source (`make man`): where the library
/// is and the query language in brief become its DESCRIPTION; the paragraphs headed "Settings in
/// shelf.yaml", "Environment:", "Files:" and "Examples:" become its SETTINGS, ENVIRONMENT, FILES
/// and EXAMPLES sections (scripts/man-page.sh), so the page and `--help` cannot drift apart.
/// Every variable shelf reads is listed (CommandHelpTests checks the sources against the page).
/// docs/cli.md says the same at more length.
enum ShelfHelp {
    static let discussion = """
        A library is a folder holding shelf.yaml and one Markdown file per book. shelf finds it \
        from --library, then $SHELF_LIBRARY, then the nearest folder at or above the current one \
        holding shelf.yaml.

        Queries (ls, search, authors, series…; `shelf help query` is the guide):
          words and "phrases"        anywhere: title, authors, series, tags, notes…
          field:value                author:"le guin", tag:sci-fi, status:reading
          field:=value, field:/re/   the whole value; a regular expression
          rating:>=4, pages:<200     comparisons; ranges: rating:3..5, 2020..2022
          finished:2024, added:>-30d dates cover their span; -30d, -2w, -6m, -1y
                                     count back from today
          has:field, -has:field      present or missing
          a b, a OR b, -a, NOT a, ( ) both, either, not, grouping
          @name                      a saved query: @reading, @to-read, @recent

        Settings in shelf.yaml (all optional; `shelf init` writes them commented):
          filename: "{author}-{title}"  new books' file names ({author} {title}
                                        {year}); a / names folders: "Books/{title}"
          filename_style: as-written    names as titles are written (default: slug)
          date_style: 2025/04/21        an example date: new dates are written so
          author_separator: ","         "A, B" in one value is two authors
          tag_separator: " "            tags: a b is two tags (Jekyll)
          post_keys: [publishDate]      a web page's keys, not the book's (Hugo)
          goals:                        goals by year: 2026: {books: 52} (shelf goal)
          goal: 30                      older form: books to finish this year
          queries:                      saved queries, run as @name
          fields:                       your files' own key names (author: authors)
          statuses:                     your status words, mapped to shelf's four
          series_counts:                books in a series, for "3 of 5 read"

        Environment:
          SHELF_LIBRARY            the library, when --library is not given
          SHELF_PAGER, PAGER       the pager for long output (empty: none)
          LESS                     less's options (default FRX)
          NO_COLOR                 any non-empty value turns colour off
          TERM                     dumb: no progress bars
          VISUAL, EDITOR           the editor for edit and note
          COLUMNS                  the table width when the output is not a terminal
          XDG_CACHE_HOME           where the caches live (default ~/.cache)
          HOME                     the default cache folder, ~/.cache
          TMPDIR                   where a piped import is kept while read, when
                                   there is no cache folder (default /tmp)
          PATH                     where programs are found (less, git, zbarimg)
          SHELF_CACHE_LIMIT        MiB the library indexes may hold (default 2048)
          SHELF_TODAY, SHELF_NOW   fix today's date (YYYY-MM-DD) and time (HH:MM)
          SHELF_OPENLIBRARY_URL    Open Library's address, for lookups
          SHELF_GOOGLE_BOOKS_URL   Google Books' address, for lookups
          SHELF_HTTP_TIMEOUT       seconds to wait for a lookup's answer
          SHELF_HTTP_BACKOFF       seconds before the first retry of a lookup
          SHELF_HTTP_INTERVAL      least seconds between requests in bulk lookups
          SHELF_HTTP_LIBRARY       the network module to load for lookups
          SHELF_SERVE_PROGRAM      the web UI's program, which shelf serve runs
          SHELF_THUMBNAILER        serve's cover thumbnailer (empty: none)
          SHELF_SERVE_HEADER_SECONDS, SHELF_SERVE_BODY_STALL_SECONDS,
          SHELF_SERVE_BODY_SECONDS, SHELF_SERVE_CONNECTIONS_PER_CLIENT
                                   serve's limits on slow or greedy clients

        Files (~/.cache is $XDG_CACHE_HOME when it is set):
          shelf.yaml                 the library's settings, in the library folder
          shelf-imports.txt          what each import wrote, beside shelf.yaml, so that
                                     import --update keeps your own changes
          covers/                    cover images add saves, in the library folder
          .gitattributes             the merge driver's line (shelf git-setup)
          ~/.cache/shelf/libraries   each library's index (shelf cache)
          ~/.cache/shelf/lookup      ISBN answers, kept 30 days; books still to look
                                     up say lookup: pending (lookup --pending)
          ~/.cache/shelf/thumbnails, ~/.cache/shelf/remote-covers
                                     serve's thumbnails, and covers fetched once

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
