# shellcheck shell=bash
# Sourced by scripts/bench.sh: the generated libraries, and scratch copies for the commands that write.

library_dir() { echo "$DATA/books-$1"; }
library_stamp() { cat "$(library_dir "$1")/.bench-stamp"; }

# Generates a library of COUNT books unless one with the same count, seed and generator exists.
generate() {
    local count=$1 dir stamp want
    dir=$(library_dir "$count")
    stamp="$dir/.bench-stamp"
    want="count=$count seed=$SEED generator=$GEN_HASH"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
        echo "reusing $dir ($want)" >&2
        return
    fi
    say "generating $count books into $dir"
    rm -rf "$dir"
    "$GEN" "$count" "$dir" --seed "$SEED" >&2
    echo "$want" >"$stamp"
    # Flush the new files now, so background writeback does not compete with the timings.
    sync
    # And let them leave shelf's racy window: a file changed under 3 s ago is read again by every
    # query, which would time a warm query over files still being written.
    sleep "$SETTLE"
}

# A scratch copy of a generated library, for the commands that write: `scratch_copy COUNT NAME`
# prints its path. The generated libraries themselves are never written to.
scratch_copy() {
    local copy="$SCRATCH/$2"
    rm -rf "$copy"
    mkdir -p "$SCRATCH"
    cp -a "$(library_dir "$1")" "$copy"
    rm -f "$copy/.bench-stamp"
    echo "$copy"
}

# --- the persistent cache ----------------------------------------------------------------------

# shelf keeps its index of each library (and the web UI its thumbnails) under
# $XDG_CACHE_HOME/shelf/. Point it into the bench data, and start empty, so the warm timings are
# of an index that this run's warm-up runs filled; the cold row removes it before every run.
export XDG_CACHE_HOME="$DATA/xdg-cache"

# Where --no-cache goes when this shelf has it: "command" (after the subcommand, as the other
# library options), "global" (before it), or "" when shelf has no such flag. Also starts the
# cache empty.
detect_cache_flag() {
    rm -rf "$XDG_CACHE_HOME"
    mkdir -p "$XDG_CACHE_HOME"
    NO_CACHE_AT=""
    if "$SHELF" ls --help 2>/dev/null | grep -q -- '--no-cache'; then
        NO_CACHE_AT="command"
    elif "$SHELF" --help 2>/dev/null | grep -q -- '--no-cache'; then
        NO_CACHE_AT="global"
    fi
    if [ -n "$NO_CACHE_AT" ]; then
        echo "shelf has --no-cache: \`ls --tag sci-fi\` is also timed with it" >&2
    else
        echo "shelf has no --no-cache flag: the --no-cache row is left out" >&2
    fi
}

# Sets SHELF_CMD to a shelf command line: `shelf_cmd MODE LIBRARY SUBCOMMAND ARGS…`, where MODE is
# nocache (adds --no-cache) or cache (as a user would type it).
shelf_cmd() {
    local mode=$1 library=$2 subcommand=$3
    shift 3
    SHELF_CMD=("$SHELF" --library "$library")
    if [ "$mode" = nocache ] && [ "$NO_CACHE_AT" = global ]; then SHELF_CMD+=(--no-cache); fi
    SHELF_CMD+=("$subcommand")
    if [ "$mode" = nocache ] && [ "$NO_CACHE_AT" = command ]; then SHELF_CMD+=(--no-cache); fi
    SHELF_CMD+=("$@")
}
