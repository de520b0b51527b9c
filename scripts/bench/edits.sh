# shellcheck shell=bash
# Sourced by scripts/bench.sh: start-up, `shelf set` and `shelf tags rename`, on scratch copies.

# The tag given to every book of the rename's copy, and its new name. The generator uses neither.
RENAME_FROM=owned
RENAME_TO=shelved

bench_version() {
    say "start-up: shelf --version"
    hyperfine -N --style basic --warmup 5 --runs 30 \
        --export-json "$RESULTS/version.json" -n "shelf --version" "$(quote "$SHELF" --version)" >&2
    max_rss 3 "$SHELF" --version >"$RESULTS/version.rss"
}

# `shelf set BOOK rating=5` on one book of a copy of the COUNT-book library (at every size: the
# cost of editing one book by path should not grow with the library). Before every run,
# hyperfine's --prepare copies the book's original bytes back, so every timed run changes a
# rating (1 to 4) to 5 and writes the file: a no-op edit would write nothing. The restore is
# followed by a pause of 50 ms: shelf waits until a file changed less than 40 ms ago has settled
# (docs/safety.md, guarantee 4), and a book edited right after another program wrote it is not
# the case this row measures.
bench_set() {
    local n=$1 library book original
    say "shelf set, one book of $n"
    library=$(scratch_copy "$n" set-$n)
    book=$("$SHELF" --library "$library" ls 'rating:1..4' --format paths --limit 1)
    [ -f "$book" ] || die "no book rated 1 to 4 in $library"
    book=$(realpath "$book")
    original="$SCRATCH/set-original.md"
    cp "$book" "$original"
    "$SHELF" --library "$library" set "$book" rating=5 >/dev/null
    cmp -s "$book" "$original" && die "shelf set $book rating=5 changed nothing"
    grep -q '^rating: 5' "$book" || die "shelf set $book rating=5 did not write rating: 5"
    cp "$original" "$book"
    warm "$library"
    fact "$n.set.book" "${book#"$library"/}"
    printf '%s && sleep 0.05\n' "$(quote cp "$original" "$book")" >"$SCRATCH/set-restore.sh"
    hyperfine -N --style basic --warmup 3 --runs 20 --prepare "bash $SCRATCH/set-restore.sh" \
        --export-json "$RESULTS/set-$n.json" -n "shelf set BOOK rating=5" \
        "$(quote "$SHELF" --library "$library" set "$book" rating=5)" >&2
    cmp -s "$book" "$original" && die "the timed shelf set runs left the book unchanged"
    rm -rf "$library"
}

# `shelf tags rename` over every book of a copy of the COUNT-book library, against a shell loop
# that moves pre-made files holding the same bytes over the books (`mv BOOK.new BOOK` per book).
# The generator gives no tag to every book, so the copy first gets the tag `owned` in each file
# (scripts/bench/add_tag.py, which edits the front matter's text the way a person would).
# Before every timed run, --prepare restores the tagged copy (and, for the loop, its .new files).
bench_rename() {
    local n=$1 base tagged renamed staged files tagged_count changed
    say "shelf tags rename, $n books"
    base="$SCRATCH/rename"
    rm -rf "$base"
    mkdir -p "$base"
    tagged=$(scratch_copy "$n" rename/tagged)
    python3 "$BENCH_LIB/add_tag.py" "$tagged" "$RENAME_FROM"
    files=$(find "$tagged" -name '*.md' | wc -l)
    tagged_count=$("$SHELF" --library "$tagged" ls --tag "$RENAME_FROM" --format paths | wc -l)
    [ "$tagged_count" -eq "$files" ] || die "only $tagged_count of $files books carry the tag $RENAME_FROM"

    # One untimed rename makes the bytes the loop will move into place.
    renamed="$base/renamed"
    cp -a "$tagged" "$renamed"
    "$SHELF" --library "$renamed" tags rename "$RENAME_FROM" "$RENAME_TO" --yes >&2
    changed=$(diff -rq "$tagged" "$renamed" | grep -c '^Files .* differ$' || true)
    fact rename.size "$n"
    fact rename.files "$files"
    fact rename.changed "$changed"
    [ "$changed" -eq "$files" ] || warn "tags rename changed $changed of $files files"
    staged="$base/staged"
    cp -a "$renamed" "$staged"
    find "$staged" -name '*.md' -exec sh -c 'for f; do mv "$f" "$f.new"; done' sh {} +
    (cd "$tagged" && find . -name '*.md' | sed "s|^\\.|$base/work|") >"$base/books.txt"

    cat >"$base/restore.sh" <<EOF
rm -rf '$base/work' && cp -a '$tagged' '$base/work' && sync
EOF
    cat >"$base/restore-staged.sh" <<EOF
rm -rf '$base/work' && cp -a '$tagged' '$base/work' && cp -a '$staged/.' '$base/work/' && sync
EOF
    cat >"$base/mv-loop.sh" <<EOF
while IFS= read -r book; do mv -- "\$book.new" "\$book"; done <'$base/books.txt'
EOF
    hyperfine -N --style basic --runs 3 --export-json "$RESULTS/rename.json" \
        --prepare "bash $base/restore.sh" -n "shelf tags rename $RENAME_FROM $RENAME_TO --yes" \
        "$(quote "$SHELF" --library "$base/work" tags rename "$RENAME_FROM" "$RENAME_TO" --yes)" \
        --prepare "bash $base/restore-staged.sh" -n "mv loop" "bash $base/mv-loop.sh" >&2
    # The loop's last run must leave exactly the bytes shelf wrote.
    diff -rq "$renamed" "$base/work" >/dev/null || die "the mv loop did not reproduce shelf's bytes"
    rm -rf "$base"
}
