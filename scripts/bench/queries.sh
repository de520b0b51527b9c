# shellcheck shell=bash
# Sourced by scripts/bench.sh: the three queries at one library size, each against ripgrep.

# Two words that follow each other in the generated notes (both are in the generator's common
# words, Sources/BenchGenerator/WordLists.swift): about 2% of the books hold the phrase. shelf is
# given it quoted, as a phrase, so that both tools answer the same question.
PHRASE="the reader"
# The compound query of the issue; docs/query.md has the syntax. About 0.25% of the books match.
COMPOUND='tag:sci-fi rating:>=4 finished:2020..2024'

# Times every query row at COUNT books: `bench_queries COUNT`.
bench_queries() {
    local n=$1 dir mode
    dir=$(library_dir "$n")
    say "$n books: $dir"
    warm "$dir"

    fact "$n.files" "$(find "$dir" -name '*.md' | wc -l)"
    fact "$n.bytes" "$(du -sb "$dir" | cut -f1)"

    measure "rg-ls-$n" "rg -l sci-fi" rg -l sci-fi "$dir"
    measure "rg-search-$n" "rg -il \"$PHRASE\"" rg -il "$PHRASE" "$dir"

    for mode in $CACHE_MODES; do
        shelf_cmd "$mode" "$dir" ls --tag sci-fi --format paths
        measure "ls-$mode-$n" "$(shown ls --tag sci-fi --format paths)" "${SHELF_CMD[@]}"
        shelf_cmd "$mode" "$dir" search "\"$PHRASE\"" --format paths
        measure "search-$mode-$n" "$(shown search "'\"$PHRASE\"'" --format paths)" "${SHELF_CMD[@]}"
        shelf_cmd "$mode" "$dir" ls "$COMPOUND" --format paths
        measure "compound-$mode-$n" "$(shown ls "'$COMPOUND'" --format paths)" "${SHELF_CMD[@]}"
    done

    check_counts "$n" "$dir"
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
# from ripgrep: `sci-fi` occurs only in tags (the generator sees to it); the phrase, as shelf
# matches it (whole words, any case, across line breaks and punctuation), is
# `rg -U -ilw 'the\W+reader'`; and the compound query's books are the files holding sci-fi, a
# rating line of 4 or 5 and a finished date from 2020 to 2024.
check_counts() {
    local n=$1 dir=$2 mode want got
    fact "$n.count.rg_ls" "$(lines "$RESULTS/rg-ls-$n.out")"
    fact "$n.count.rg_search" "$(lines "$RESULTS/rg-search-$n.out")"
    local words=${PHRASE// /\\W+}
    local expect_search expect_compound
    expect_search=$({ rg -U -ilw "$words" "$dir" || true; } | wc -l)
    expect_compound=$({ rg -l sci-fi "$dir" || true; } | xargs -r rg -l '^rating: [45]\b' \
        | xargs -r rg -l '^finished: 202[0-4]-' | wc -l)
    fact "$n.expect.search" "$expect_search"
    fact "$n.expect.compound" "$expect_compound"
    [ "$expect_compound" -gt 0 ] || warn "the compound query matches no book at $n books"

    for mode in $CACHE_MODES; do
        for query in ls search compound; do
            got=$(lines "$RESULTS/$query-$mode-$n.out")
            fact "$n.count.$query-$mode" "$got"
            case $query in
                ls) want=$(lines "$RESULTS/rg-ls-$n.out") ;;
                search) want=$expect_search ;;
                compound) want=$expect_compound ;;
            esac
            [ "$got" -eq "$want" ] \
                || warn "$n books, $query ($mode): shelf finds $got books, ripgrep's equivalent $want"
        done
    done
}
