# shellcheck shell=bash
# Sourced by scripts/bench.sh: `calibredb list` on a calibre library holding the same books.
#
# BENCH_CALIBRE=1 installs calibre (apt-get install calibre, about 400 MB with Qt) when it is
# missing; BENCH_CALIBRE=0 skips this row; unset, the row runs when calibre is installed.

CALIBRE_SEARCH='tags:"=sci-fi"'

bench_calibre() {
    local n=$1 library want json books
    case ${BENCH_CALIBRE:-} in
        0) fact calibre.status "skipped (BENCH_CALIBRE=0)"; return ;;
        1) need calibredb calibre ;;
    esac
    if ! command -v calibredb >/dev/null 2>&1 || ! command -v calibre-debug >/dev/null 2>&1; then
        fact calibre.status "calibre not installed (apt-get install calibre, or BENCH_CALIBRE=1 make bench)"
        return
    fi
    say "calibre, $n books"
    # calibre keeps its settings here instead of ~/.config/calibre.
    export CALIBRE_CONFIG_DIRECTORY="$DATA/calibre-config"
    fact calibre.version "$(calibredb --version | sed -n 1p)"

    # Built once, then reused while the library's stamp, the builder and calibre's version are
    # unchanged.
    library="$DATA/calibre-$n"
    json="$DATA/calibre-$n.json"
    want="$(library_stamp "$n") builder=$(sha256sum <"$BENCH_LIB/calibre_build.py" | cut -c1-16)"
    want="$want $(calibredb --version | sed -n 1p)"
    if [ ! -f "$library/.bench-stamp" ] || [ "$(cat "$library/.bench-stamp")" != "$want" ]; then
        say "building a calibre library of the $n books in $library (once)"
        rm -rf "$library"
        mkdir -p "$library"
        "$SHELF" --library "$(library_dir "$n")" ls --format json >"$json"
        BENCH_CALIBRE_BOOKS=$json BENCH_CALIBRE_LIBRARY=$library calibre-debug -e "$BENCH_LIB/calibre_build.py" >&2
        books=$(calibredb list --with-library "$library" --fields title --for-machine | json_length)
        [ "$books" -eq "$(lines_json "$json")" ] || die "the calibre library holds $books books, not $(lines_json "$json")"
        echo "$want" >"$library/.bench-stamp"
    fi
    warm "$library"
    measure "calibre-$n" "calibredb list --search '$CALIBRE_SEARCH'" \
        calibredb list --search "$CALIBRE_SEARCH" --with-library "$library"
    fact calibre.size "$n"
    fact calibre.count "$(calibredb list --search "$CALIBRE_SEARCH" --with-library "$library" --fields title --for-machine | json_length)"
    # calibre's = is an exact match: it leaves out sci-fi/space, which shelf's --tag sci-fi includes.
    fact calibre.expect "$(python3 -c 'import json, sys
print(sum(any(t.lower() == "sci-fi" for t in b.get("tags", [])) for b in json.load(open(sys.argv[1]))))' "$json")"
    fact calibre.status ok
}

json_length() { python3 -c 'import json, sys; print(len(json.load(sys.stdin)))'; }
lines_json() { json_length <"$1"; }
