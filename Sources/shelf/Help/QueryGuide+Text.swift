// Generated from docs/query.md by scripts/embed-query-guide.sh (make man); do not edit.
extension QueryGuide {
    /// docs/query.md, word for word.
    static let text = #"""
        # The query language

        `ls`, `search` and the collection commands (`authors`, `series`, `genres`, `locations`, `formats`)
        all take a query, and saved queries in `shelf.yaml` use the same language. The flags of `ls`
        (`--tag`, `--status`, `--author`, …) are shorthands: they combine with the query by AND.

        ```sh
        shelf ls 'rating:>=4 finished:2024'
        shelf ls 'tag:sci-fi (author:"le guin" OR author:banks) -status:to-read'
        shelf search estraven
        shelf ls @keepers --sort rating
        ```

        Quote the query for your shell whenever it holds `>`, `<`, `(`, `)`, `"` or `*`. A query may
        also start with `-` (`shelf ls -has:rating`); shelf does not take it for an option.

        ## Words

        A bare word must match somewhere: in the title, subtitle, authors, series, tags, ISBN,
        publisher, or the notes.

        - Matching ignores case and diacritics: `godel` finds *Gödel*, `stanislaw` finds *Stanisław*.
        - The **last** word also matches as a prefix, so results appear while a word is half typed:
          `shelf search estr` finds *Estraven*. A negated word (`-ann`) is never widened this way, so
          the prefix goes to the last word that is not negated.
        - Several words must all match, each anywhere: `le guin ice`.
        - Chinese and Japanese, written without spaces, match by any part: each character is a word, so
          `春樹` (the phrase 春 樹) finds books by *村上春樹*, and `森` finds *ノルウェイの森*.
        - A query of nothing but punctuation (`!!!`) is refused: it has nothing to search for.

        | query | finds |
        | --- | --- |
        | `estraven` | books whose title, authors, tags, series, publisher or notes hold the word |
        | `godel` | *Gödel, Escher, Bach* |
        | `le guin` | books by Le Guin, or mentioning both words |
        | `9780441478125` or `0441478123` | the book with that ISBN, whichever form it stores |

        ## Phrases

        `"quoted words"` must appear together and in order: `"gobrin ice"`. A word joined by hyphens
        is a phrase too: `sci-fi` matches *sci fi*.

        ## Fields

        `field:value` looks in one field. Fields are named canonically (`authors`, `published`) or by
        any alias (`author`, `year`), or as your own keys (`mood:cozy`).

        | kind | fields | `field:value` means |
        | --- | --- | --- |
        | text | `title`, `subtitle`, `series`, `publisher`, `language`, `location`, `format`, your own keys | every word of the value appears in the field (the last may be a prefix) |
        | lists | `authors`, `genres` | the same, over all the items |
        | tags | `tags` (`tag`) | a tag equal to the value in any case, **or nested under it**: `tag:sci-fi` matches `Sci-Fi` and `sci-fi/space` |
        | status | `status` | exactly that status; aliases are understood (`status:dnf` is `abandoned`) |
        | ISBN | `isbn` | the same ISBN once normalised: `isbn:978-0-14-305814-4`, `isbn:9780143058144` and the ISBN-10 match the same book |
        | numbers | `rating`, `pages`, `series_index` | equal to the number |
        | dates | `added`, `started`, `finished`, `published` | within the date's span: `finished:2023` is the whole year |
        | boolean | `favorite` | `favorite:true` or `favorite:false` |
        | ownership | `ownership` (`owned`) | exactly that ownership, its words understood: `ownership:wishlist`, `owned:"wish list"`, `ownership:library`; a book whose only word for it is `status: wishlist` matches `ownership:wishlist` too. Any other word is an error that names the four |

        Quote a value that holds spaces: `author:"le guin"`, `location:"living room"`.

        ### Exact values and regular expressions

        - `field:=value` matches the whole value, ignoring case: `series:=dune`.
          `title:=dune` does not match *Dune Messiah*.
        - `field:/regex/` matches a regular expression, ignoring case, against the field's text:
          `title:/^the /`, `isbn:/^979/`. Write `\/` for a `/` inside the expression.

        ### Comparisons and ranges

        Numbers and dates compare:

        | query | meaning |
        | --- | --- |
        | `rating:>=4` | rated 4 or 5 |
        | `pages:<200` | shorter than 200 pages |
        | `rating:3..5` | rated 3, 4 or 5 |
        | `added:>2024-06` | added after June 2024 (from July on) |
        | `added:>=2024-06` | added in June 2024 or later |
        | `finished:2023` | finished during 2023 |
        | `finished:2020..2022` | finished from the start of 2020 to the end of 2022 |
        | `finished:2023-01..2023-06` | the first half of 2023 |
        | `published:..1950` | published in 1950 or before |

        A partial date covers its whole span. `>` means after the span, `>=` from its start, `<` before
        its start, and `<=` up to its end. Either end of a range may be left open.

        **Relative dates** count back (or forward, with `+`) from today: `d` days, `w` weeks, `m` months,
        `y` years.

        | query | meaning |
        | --- | --- |
        | `added:>-30d` | added in the last 30 days |
        | `finished:>=-1y` | finished within the past year |
        | `started:-2w..` | started in the last two weeks |

        Your own keys compare the same way when the values are numbers or dates: `price:<10`,
        `bought:2024`.

        ## Presence

        - `has:field` matches books where the field is present and not empty: `has:series`,
          `has:cover`, `has:mood`.
        - `-has:field` matches books where it is missing: `-has:rating`.

        ## Combining

        | syntax | meaning |
        | --- | --- |
        | `a b` | both (AND); `a AND b` says the same |
        | `a OR b` | either |
        | `-a` or `NOT a` | not |
        | `( … )` | grouping |

        AND binds tighter than OR, so `a b OR c` means `(a b) OR c`.

        ```sh
        shelf ls 'tag:sci-fi -status:to-read'
        shelf ls '(tag:fantasy OR tag:sci-fi) rating:5'
        shelf ls 'NOT has:location status:read'
        ```

        ## Saved queries

        `@name` runs a saved query. Saved queries live in `shelf.yaml`:

        ```yaml
        queries:
          keepers: "rating:5 -tag:reference"
          short-reads: "pages:<250 status:to-read"
        ```

        ```sh
        shelf ls @keepers
        shelf ls @short-reads tag:classics
        ```

        Four saved queries are built in (yours may redefine them):

        | name | query |
        | --- | --- |
        | `@reading` | `status:reading` |
        | `@to-read` | `status:to-read` |
        | `@recent` | `finished:>=-90d` (finished in the last 90 days) |
        | `@unrated` | `status:read -has:rating` |

        ## Errors and hints

        A malformed query is refused with a message whose caret points at the character that is wrong:

        ```
        $ shelf ls 'rating:>=x'
        shelf: 'x' is not a number (column 10)
          rating:>=x
                   ^
        $ shelf ls 'tag:sci-fi (author:banks'
        shelf: the '(' opened here is not closed (column 12)
          tag:sci-fi (author:banks
                     ^
        $ shelf ls status:finishd
        shelf: 'finishd' is not a status (to-read, reading, read, abandoned); did you mean 'finished'? (column 8)
          status:finishd
                 ^
        ```

        A query that finds nothing says why on a terminal, in terms of what you typed (on stderr; the
        exit status is still 0). A script, whose stderr is no terminal, gets the empty answer it asked
        for and hears only of slips: a field that no book has and shelf does not know.

        ```
        $ shelf ls ratng:5
        shelf: no book has a field 'ratng'; did you mean 'rating'?
        $ shelf ls --tag scifi
        shelf: no book has the tag 'scifi'; did you mean 'sci-fi'?
        $ shelf search dakness
        No books match.
        shelf: no book holds the word 'dakness' (nor a word starting with it); did you mean 'darkness'?
        $ shelf ls tag:russian rating:5
        shelf: 'tag:russian' matches 1 book, 'rating:5' matches 1 book; no book matches them all (join terms with OR to widen)
        ```

        ## Search ranking

        `shelf search` takes the same language and ranks the books that match. Each query word scores the
        best field it matched in:

        | field | weight |
        | --- | --- |
        | title | 10 |
        | subtitle | 8 |
        | authors | 6 |
        | series, tags | 4 |
        | ISBN, publisher | 2 |
        | notes | 1 |

        - A whole word scores its field's full weight. A prefix of the last word scores half.
        - A book's score is the sum over the query's words and phrases.
        - Books with equal scores are sorted by title.

        Each result says where it matched, with a snippet around the match (highlighted on a terminal):

        ```
        The Left Hand of Darkness — Ursula K. Le Guin  le-guin-the-left-hand-of-darkness.md
          Matched in notes: "…Ai spends half the book misreading Estraven, and so did I…"
        ```

        With `--format json`, each result also carries:

        - `score`;
        - `matches`: a list of `{field, snippet}`, where `field` is one of `title`, `subtitle`, `authors`,
          `series`, `tags`, `isbn`, `publisher` or `notes`.

        ## How queries run

        - Words go through the inverted indices (title, author, series, tag, publisher, note and ISBN
          terms). No book is re-scanned for a word.
        - A phrase's candidates come from the indices: the books holding all its words. Its word order
          is then checked in their notes, read again from their files, and in their titles, authors and
          other texts.
        - Field terms look at each book's typed values, which are already in memory. `tag:` goes straight
          to the tag index.
        - The notes are indexed only when a query has words or phrases. A query of fields alone
          (`ls --tag sci-fi`) reads just the front matter.
        """#
}
