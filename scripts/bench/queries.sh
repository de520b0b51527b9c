# shellcheck shell=bash
# Sourced by scripts/bench.sh: the query rows of the index's targets at one library size, each
# against ripgrep, with peak RSS.

# The queries of the targets (docs/query.md has the syntax). The generator writes `sci-fi` only in
# tags (about 8% of the books); `water` and `people` only in notes (about 5% each, 1% both).
RATING_QUERY='rating:>=4 finished:2024'
WORDS='water people'
# Two words that follow each other in the generated notes (both are in the generator's common
# words, Sources/BenchGenerator/WordLists.swift): about 2% of the books hold the phrase. shelf is
# given it quoted, as a phrase, so that both tools answer the same question.
PHRASE="the reader"
# ripgrep's nearest question to `shelf search 'water people'` (both words, anywhere, in any
# case): the files holding either word, in one pass over every file. shelf must then also rank
# them and check that each holds both; ripgrep cannot say "both" in one pass without a regex over
# the whole file, which is a different (slower) job. check_counts checks the books themselves.
WORDS_RG=(rg -l -i -e water -e people)
# How long the rows that need settled files wait after writing one: shelf neither keeps in its
# cache nor trusts a file whose modification or change time is under 3 s old (the racy window,
# Sources/ShelfKit/Library/Cache/LibraryCache.swift), and a change time cannot be set back.
SETTLE=${BENCH_SETTLE:-3.2}

# Times every query row at COUNT books: `bench_queries COUNT`.
bench_queries() {
    local n=$1 dir mode=cache
    dir=$(library_dir "$n")
    say "$n books: $dir"
    warm "$dir"

    local files
    files=$(find "$dir" -name '*.md' | wc -l)
    fact "$n.files" "$files"
    fact "$n.bytes" "$(du -sb "$dir" | cut -f1)"

    measure "rg-ls-$n" "rg -l sci-fi" rg -l sci-fi "$dir"
    measure "rg-words-$n" "$(printf '%s ' "${WORDS_RG[@]}" | sed 's/ $//')" "${WORDS_RG[@]}" "$dir"
    measure "rg-phrase-$n" "rg -il \"$PHRASE\"" rg -il "$PHRASE" "$dir"

    # Warm: the first run and the warm-ups fill the cache.
    shelf_cmd cache "$dir" ls --tag sci-fi --format paths
    measure "tag-$n" "shelf ls --tag sci-fi --format paths" "${SHELF_CMD[@]}"
    shelf_cmd cache "$dir" ls "$RATING_QUERY" --format paths
    measure "rating-$n" "shelf ls '$RATING_QUERY' --format paths" "${SHELF_CMD[@]}"
    shelf_cmd cache "$dir" ls --sort title --format paths
    measure "sort-$n" "shelf ls --sort title --format paths" "${SHELF_CMD[@]}"
    # Ranked, with its reasons (the default output: each book and where it matched, with a
    # snippet), as the target names it; the books are counted from a run with --format paths.
    shelf_cmd cache "$dir" search "$WORDS"
    measure "words-$n" "shelf search '$WORDS'" "${SHELF_CMD[@]}"
    shelf_cmd cache "$dir" search "$WORDS" --format paths
    "${SHELF_CMD[@]}" >"$RESULTS/words-paths-$n.out"
    shelf_cmd cache "$dir" search "\"$PHRASE\"" --format paths
    measure "phrase-$n" "shelf search '\"$PHRASE\"' --format paths" "${SHELF_CMD[@]}"

    # Cold: every run starts with no cache at all, so it reads every file and writes the index.
    printf 'rm -rf %q && mkdir -p %q\n' "$XDG_CACHE_HOME" "$XDG_CACHE_HOME" >"$SCRATCH/drop-cache.sh"
    shelf_cmd cache "$dir" ls --tag sci-fi --format paths
    MEASURE_PREPARE="bash $SCRATCH/drop-cache.sh" measure "cold-$n" "shelf ls --tag sci-fi --format paths" "${SHELF_CMD[@]}"
    # The floor under the cold row: the walk, one read a file on every core and libyaml's event
    # parse of each front matter, nothing kept (shelf-bench-floor). Its front matters are counted.
    measure "floor-$n" "shelf-bench-floor DIR" "$FLOOR" "$dir"
    # It must have parsed every book, or it is no floor.
    grep -qx "files $files, front matters $files, events [0-9]*, unread 0" "$RESULTS/floor-$n.out" \
        || die "shelf-bench-floor did not parse all $files books: $(cat "$RESULTS/floor-$n.out")"
    # The first search after that first ls: the index holds no note words yet, so the search reads
    # every book's notes once and writes the index again. Every run starts from the index a first
    # ls writes (made untimed, before each run).
    { printf 'rm -rf %q && mkdir -p %q && ' "$XDG_CACHE_HOME" "$XDG_CACHE_HOME"; printf '%q ' "${SHELF_CMD[@]}"; printf '>/dev/null\n'; } \
        >"$SCRATCH/ls-only-index.sh"
    shelf_cmd cache "$dir" search "$WORDS"
    MEASURE_PREPARE="bash $SCRATCH/ls-only-index.sh" measure "firstsearch-$n" "shelf search '$WORDS' (after a first ls)" "${SHELF_CMD[@]}"
    if [ -n "$NO_CACHE_AT" ]; then
        mode=nocache
        shelf_cmd nocache "$dir" ls --tag sci-fi --format paths
        measure "nocache-$n" "$(shown ls --tag sci-fi --format paths)" "${SHELF_CMD[@]}"
        mode=cache
    fi

    bench_edited "$n"
    check_counts "$n" "$dir"
}

# One book edited by hand, then `shelf ls --tag sci-fi`, on a scratch copy of the COUNT-book
# library. Before each run --prepare appends a line to one sci-fi book's notes (in the file's
# own line ending), dates its modification a minute back, and waits until its change time is out
# of shelf's racy window: the case of a book edited a little while ago, which the cache must
# notice and re-read alone.
bench_edited() {
    local n=$1 library book
    say "$n books: one book edited, then a query"
    library=$(scratch_copy "$n" edited)
    book=$({ rg -l sci-fi "$library" || true; } | sort | sed -n 1p)
    [ -f "$book" ] || die "no sci-fi book in $library"
    fact "$n.edited.book" "${book#"$library"/}"
    cat >"$SCRATCH/edit-book.sh" <<EOF
python3 - $(printf '%q' "$book") <<'PY'
import sys
path = sys.argv[1]
data = open(path, "rb").read()
newline = b"\\r\\n" if b"\\r\\n" in data else b"\\n"
if not data.endswith(newline):
    data += newline
open(path, "wb").write(data + b"Edited once more, by hand." + newline)
PY
touch -d '-1 minute' $(printf '%q' "$book")
sleep $SETTLE
EOF
    # The copy's files were all just written: let them settle before the first run fills the cache.
    sleep "$SETTLE"
    warm "$library"
    shelf_cmd cache "$library" ls --tag sci-fi --format paths
    MEASURE_PREPARE="bash $SCRATCH/edit-book.sh" measure "edited-$n" "shelf ls --tag sci-fi --format paths" "${SHELF_CMD[@]}"
    # One line per prepared run: the first, hyperfine's warm-ups and runs, and the peak-RSS runs.
    fact "$n.edited.edits" "$(grep -c 'Edited once more, by hand.' "$book" || true)"
    grep -q 'Edited once more, by hand.' "$book" || die "the edited-book row did not edit $book"
    # The row's baseline: ripgrep after the same edit and the same wait. A run that follows
    # seconds of idle is slower for any program (measured: 4-7 ms more at 10k books for shelf and
    # ripgrep alike), so a ripgrep timed back to back would not be the same question.
    MEASURE_PREPARE="bash $SCRATCH/edit-book.sh" measure "rg-edited-$n" "rg -l sci-fi" rg -l sci-fi "$library"
    rm -rf "$library"
}

# A shelf command as the report shows it, with --no-cache where shelf_cmd puts it in this mode
# ($mode is the caller's).
shown() {
    if [ "$mode" != nocache ]; then echo "shelf $*"
    elif [ "$NO_CACHE_AT" = global ]; then echo "shelf --no-cache $*"
    else echo "shelf $1 --no-cache ${*:2}"
    fi
}

# Both tools must find comparable books, or the comparison means nothing. The expected counts come
# from ripgrep over the generated files (a warning names any row where shelf disagrees):
# - the tag rows (warm, cold, --no-cache, edited): `rg -l sci-fi`, since `sci-fi` occurs only in tags;
# - `rating:>=4 finished:2024`: the files with a `rating: 4` or `5` line and a `finished: 2024-` line;
# - `--sort title`: every book;
# - `search 'water people'`: the files holding the whole word `water` and a word starting with
#   `people` (the last word of a search also matches as a prefix), in any case;
# - the phrase, as shelf matches it (whole words, any case, across line breaks and punctuation):
#   `rg -U -ilw 'the\W+reader'`.
check_counts() {
    local n=$1 dir=$2 row want got
    local rg_ls files words expect_rating expect_words expect_phrase
    rg_ls=$(lines "$RESULTS/rg-ls-$n.out")
    files=$(find "$dir" -name '*.md' | wc -l)
    words=${PHRASE// /\\W+}
    expect_rating=$({ rg -l '^rating: [45]\s*$' "$dir" || true; } | { xargs -r rg -l '^finished: 2024-' || true; } | wc -l)
    expect_words=$({ rg -l -i -w water "$dir" || true; } | { xargs -r rg -l -i '\bpeople' || true; } | wc -l)
    expect_phrase=$({ rg -U -ilw "$words" "$dir" || true; } | wc -l)
    fact "$n.count.rg-ls" "$rg_ls"
    fact "$n.count.rg-words" "$(lines "$RESULTS/rg-words-$n.out")"
    fact "$n.count.rg-phrase" "$(lines "$RESULTS/rg-phrase-$n.out")"
    fact "$n.count.water" "$({ rg -l -i -w water "$dir" || true; } | wc -l)"
    fact "$n.count.people" "$({ rg -l -i '\bpeople' "$dir" || true; } | wc -l)"
    [ "$expect_words" -gt 0 ] || warn "no book holds both '$WORDS' at $n books: the search row means little"
    [ "$expect_rating" -gt 0 ] || warn "'$RATING_QUERY' matches no book at $n books"

    for row in tag cold nocache edited rating sort words phrase; do
        [ -f "$RESULTS/$row-$n.out" ] || continue
        case $row in
            tag|cold|nocache|edited) want=$rg_ls ;;
            rating) want=$expect_rating ;;
            sort) want=$files ;;
            words) want=$expect_words ;;
            phrase) want=$expect_phrase ;;
        esac
        if [ "$row" = words ]; then got=$(lines "$RESULTS/words-paths-$n.out")
        else got=$(lines "$RESULTS/$row-$n.out")
        fi
        fact "$n.count.$row" "$got"
        fact "$n.expect.$row" "$want"
        [ "$got" -eq "$want" ] \
            || warn "$n books, $row: shelf finds $got books, ripgrep's equivalent $want"
    done
}
