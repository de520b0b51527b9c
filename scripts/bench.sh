#!/usr/bin/env bash
# Benchmarks shelf against ripgrep (and calibre) on generated libraries and writes
# docs/benchmarks.md with every row of the performance targets.
#
#   make bench                          # 1k, 10k and 100k books
#   BENCH_SIZES="1000 10000" make bench # skip 100k for a quick run
#
# Per library size, the rows of the index's targets, each against ripgrep scanning the same files,
# with peak RSS: warm `shelf ls --tag sci-fi`, `ls 'rating:>=4 finished:2024'`, `ls --sort title`
# and `search 'water people'`; cold (no cache: every run builds the index); one book edited by
# hand, then a query; and `shelf set` on one book against `shelf --version`. At 10k and 100k books
# (or the first size when neither is run): the web UI (`shelf serve`: first byte of the grid, a
# tag facet, a search, a book page, the stats, highlights and loans pages and a thumbnail, and the
# server's peak memory). At 10k books (or the first size): `shelf tags rename` over every book
# against a shell loop of mv, and `calibredb list`. The helpers are in scripts/bench/.
#
# Environment:
#   BENCH_SIZES    library sizes, in books (default "1000 10000 100000")
#   BENCH_SEED     generator seed (default 42)
#   BENCH_DATA     where libraries, scratch copies and the cache go (default bench-data/,
#                  git-ignored); the generated libraries are only read, never written
#   BENCH_OUT      the report to write (default docs/benchmarks.md)
#   BENCH_CALIBRE  1: install calibre with apt-get if missing; 0: skip calibre; unset: time
#                  calibre when it is installed
#   SHELF_BIN      the shelf binary to time (default .build/release/shelf, built by `make release`)
#   BENCH_GEN      a prebuilt shelf-bench-gen (default: built here with swift build -c release)
#   BENCH_SETTLE   seconds the rows that write a file wait for it to leave shelf's 3 s racy window
#                  (default 3.2)
#   BENCH_SERVE_REQUESTS  requests per web UI row after the first (default 20)
#   BENCH_QUIET_WAIT  seconds to wait, after the builds and the data, for the 1-minute load
#                  average to fall below 0.5 before timing (default 180; 0 does not wait)
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
BENCH_LIB=$ROOT/scripts/bench
SIZES=${BENCH_SIZES:-"1000 10000 100000"}
SEED=${BENCH_SEED:-42}
DATA=${BENCH_DATA:-$ROOT/bench-data}
OUT=${BENCH_OUT:-$ROOT/docs/benchmarks.md}
SHELF=${SHELF_BIN:-$ROOT/.build/release/shelf}
mkdir -p "$DATA"
DATA=$(cd "$DATA" && pwd)
RESULTS=$DATA/results
SCRATCH=$DATA/scratch

source "$BENCH_LIB/common.sh"
source "$BENCH_LIB/data.sh"
source "$BENCH_LIB/queries.sh"
source "$BENCH_LIB/edits.sh"
source "$BENCH_LIB/serve.sh"
source "$BENCH_LIB/calibre.sh"

for n in $SIZES; do
    case $n in ''|*[!0-9]*) die "BENCH_SIZES holds '$n', not a number of books" ;; esac
done

# --- tools and binaries ------------------------------------------------------------------------

need rg ripgrep hyperfine hyperfine python3 python3
[ -x /usr/bin/time ] || need /usr/bin/time time
GNU_TIME=/usr/bin/time

if [ ! -x "$SHELF" ]; then
    say "building shelf (release)"
    swift build -c release --static-swift-stdlib --product shelf
fi
SHELF=$(cd "$(dirname "$SHELF")" && pwd)/$(basename "$SHELF")
if [ -n "${BENCH_GEN:-}" ]; then
    GEN=$BENCH_GEN
else
    say "building shelf-bench-gen (release)"
    swift build -c release --static-swift-stdlib --product shelf-bench-gen
    GEN="$(swift build -c release --static-swift-stdlib --show-bin-path)/shelf-bench-gen"
fi
[ -x "$GEN" ] || die "no generator at $GEN"
# The floor row: what the walk, the reads and libyaml's parse cost alone (Sources/BenchFloor).
say "building shelf-bench-floor (release)"
swift build -c release --static-swift-stdlib --product shelf-bench-floor
FLOOR="$(swift build -c release --static-swift-stdlib --show-bin-path)/shelf-bench-floor"
[ -x "$FLOOR" ] || die "no shelf-bench-floor at $FLOOR"

# The generator's sources are part of the stamp: a changed generator regenerates the data.
GEN_HASH=$(cat "$ROOT"/Sources/BenchGenerator/*.swift | sha256sum | cut -c1-16)

# --- data --------------------------------------------------------------------------------------

rm -rf "$RESULTS" "$SCRATCH"
mkdir -p "$RESULTS" "$SCRATCH"
for n in $SIZES; do generate "$n"; done

# The rename and calibre run at 10k books, the size the targets name; at the first size otherwise.
EDIT_SIZE=${SIZES%% *}
for n in $SIZES; do [ "$n" = 10000 ] && EDIT_SIZE=10000; done
# The web UI runs at 10k and 100k books, the sizes its targets name; at the first size otherwise.
SERVE_SIZES=""
for n in $SIZES; do case $n in 10000|100000) SERVE_SIZES="$SERVE_SIZES $n" ;; esac; done
SERVE_SIZES=${SERVE_SIZES# }
[ -n "$SERVE_SIZES" ] || SERVE_SIZES=${SIZES%% *}

detect_cache_flag

# The builds and the data just made raise the load average themselves: wait for it to fall, so
# that the load reported is the machine's and not the bench's own.
QUIET_WAIT=${BENCH_QUIET_WAIT:-180}
waited=0
while awk '{ exit !($1 >= 0.5) }' /proc/loadavg && [ "$waited" -lt "$QUIET_WAIT" ]; do
    [ "$waited" = 0 ] && say "waiting up to ${QUIET_WAIT}s for the load average ($(cut -d' ' -f1 /proc/loadavg)) to fall below 0.5"
    sleep 5
    waited=$((waited + 5))
done

LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
if awk -v load="${LOAD_BEFORE%% *}" -v cores="$(nproc)" 'BEGIN { exit !(load > cores) }'; then
    warn "load average ${LOAD_BEFORE%% *} on $(nproc) cores: other work will inflate the timings"
fi

# --- timings -----------------------------------------------------------------------------------

for n in $SIZES; do bench_queries "$n"; done
bench_version
for n in $SIZES; do bench_set "$n"; done
for n in $SERVE_SIZES; do bench_serve "$n"; done
bench_rename "$EDIT_SIZE"
bench_calibre "$EDIT_SIZE"
rm -rf "$SCRATCH"

# --- report ------------------------------------------------------------------------------------

commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)
# The report itself, rewritten by the run before, is no change to what is measured.
if [ -n "$(git -C "$ROOT" status --porcelain --untracked-files=no -- . ":(exclude)${OUT#"$ROOT"/}" 2>/dev/null)" ]; then
    commit="$commit (with uncommitted changes)"
fi
export BENCH_COMMIT=$commit
swift_version=$(swift --version 2>&1 || true)
export BENCH_SWIFT=${swift_version%%$'\n'*}
BENCH_CPU=$(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo)
BENCH_CORES=$(nproc)
BENCH_MEM=$(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)
BENCH_KERNEL=$(uname -sr)
BENCH_SHELF_VERSION=$("$SHELF" --version)
BENCH_RG=$(rg --version | sed -n 1p)
BENCH_HYPERFINE=$(hyperfine --version)
BENCH_DATE=$(date -u '+%Y-%m-%d %H:%M UTC')
BENCH_LOAD="$LOAD_BEFORE before, $(cut -d' ' -f1-3 /proc/loadavg) after"
export BENCH_CPU BENCH_CORES BENCH_MEM BENCH_KERNEL BENCH_SHELF_VERSION BENCH_RG BENCH_HYPERFINE BENCH_DATE BENCH_LOAD
export BENCH_SIZES_RUN=$SIZES BENCH_SEED_USED=$SEED BENCH_RESULTS=$RESULTS BENCH_OUT_FILE=$OUT
export BENCH_PHRASE=$PHRASE BENCH_RATING=$RATING_QUERY BENCH_WORDS=$WORDS BENCH_WORDS_RG="${WORDS_RG[*]}"
export BENCH_RENAME_FROM=$RENAME_FROM BENCH_RENAME_TO=$RENAME_TO BENCH_SETTLE_USED=$SETTLE BENCH_EDIT_SIZE=$EDIT_SIZE
export BENCH_SERVE_SIZES=$SERVE_SIZES

mkdir -p "$(dirname "$OUT")"
python3 "$BENCH_LIB/report.py"
say "wrote ${OUT#"$ROOT"/}"
cat "$OUT"
