# shellcheck shell=bash
# Sourced by scripts/bench.sh: messages, tools, and the timing helpers every row uses.

say() { printf '\n==> %s\n' "$*" >&2; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die() { printf 'bench: %s\n' "$*" >&2; exit 1; }

# Installs Debian packages for the commands that are missing, as root or through sudo.
#   need COMMAND PACKAGE [COMMAND PACKAGE]…
need() {
    local missing=() command package
    while [ $# -gt 0 ]; do
        command=$1 package=$2
        shift 2
        if ! command -v "$command" >/dev/null 2>&1; then missing+=("$package"); fi
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=""
    if [ "$(id -u)" != 0 ]; then
        command -v sudo >/dev/null 2>&1 || die "need ${missing[*]}: install them (apt-get install ${missing[*]}) or run as root"
        sudo=sudo
    fi
    say "installing ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

# Records one fact for the report: `fact KEY VALUE` appends KEY=VALUE to $RESULTS/facts.txt.
fact() { printf '%s=%s\n' "$1" "$2" >>"$RESULTS/facts.txt"; }

# A command line as one string that hyperfine's --shell=none splits back into the same words.
quote() {
    local out
    out=$(printf '%q ' "$@")
    printf '%s' "${out% }"
}

# Peak RSS in KiB, the largest of RUNS runs: `max_rss RUNS COMMAND…`. When $MEASURE_PREPARE is
# set, that shell command runs (untimed) before each run, as hyperfine's --prepare does.
max_rss() {
    local runs=$1 best=0 kib
    shift
    for _ in $(seq "$runs"); do
        if [ -n "${MEASURE_PREPARE:-}" ]; then bash -c "$MEASURE_PREPARE"; fi
        kib=$("$GNU_TIME" -f %M "$@" 2>&1 >/dev/null | tail -n 1)
        case $kib in ''|*[!0-9]*) die "could not read the peak RSS of: $*" ;; esac
        [ "$kib" -gt "$best" ] && best=$kib
    done
    echo "$best"
}

# Flushes pending writes (so writeback does not compete with the timings) and reads every file of
# a folder once, so the commands timed next read from the page cache.
warm() {
    sync
    find "$1" -type f -print0 | xargs -0 cat >/dev/null
}

# Times one command: `measure ID NAME COMMAND…`.
#
# A first run checks that the command works, keeps its output in $RESULTS/ID.out (for the counts)
# and fills any cache; a second run's duration picks the number of runs, so that a 50-second search at 100k
# books costs a few minutes, not ten:
#   under 0.15 s: --warmup 5 --runs 30;  under 0.5 s: --warmup 3 --runs 10;
#   under 5 s: --warmup 1 --runs 5;  else --warmup 0 --runs 3.
# The quickest rows (the warm queries at 10k books, and ripgrep's baselines there) vary by a few
# milliseconds from run to run, as much as a ratio's margin: thirty runs steady their medians.
# hyperfine writes $RESULTS/ID.json (the median is what the report uses), and /usr/bin/time the
# peak RSS to $RESULTS/ID.rss (the largest of three runs, or of one for commands over 2 s).
#
# With MEASURE_PREPARE set (`MEASURE_PREPARE="bash script.sh" measure …`), that command runs,
# untimed, before the first run, before every run hyperfine makes (its --prepare) and before
# every peak-RSS run: for the rows that must start each run from a given state (no cache, one
# book just edited).
measure() {
    local id=$1 name=$2 start end ms warmup runs rss_runs prepare=()
    shift 2
    if [ -n "${MEASURE_PREPARE:-}" ]; then
        bash -c "$MEASURE_PREPARE"
        prepare=(--prepare "$MEASURE_PREPARE")
    fi
    "$@" >"$RESULTS/$id.out" 2>"$RESULTS/$id.err" \
        || die "$name failed (exit $?): $* — $(head -n 3 "$RESULTS/$id.err")"
    if [ -s "$RESULTS/$id.err" ]; then
        warn "$name wrote to stderr: $(head -n 3 "$RESULTS/$id.err")"
    fi
    # The first run may have filled shelf's index: a second, in the state the timed runs start
    # from, picks their number.
    if [ -n "${MEASURE_PREPARE:-}" ]; then bash -c "$MEASURE_PREPARE"; fi
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s%N)
    ms=$(((end - start) / 1000000))
    if [ "$ms" -lt 150 ]; then warmup=5 runs=30
    elif [ "$ms" -lt 500 ]; then warmup=3 runs=10
    elif [ "$ms" -lt 5000 ]; then warmup=1 runs=5
    else warmup=0 runs=3
    fi
    if [ "$ms" -lt 2000 ]; then rss_runs=3; else rss_runs=1; fi
    printf '%s (second run %d ms: --warmup %d --runs %d)\n' "$name" "$ms" "$warmup" "$runs" >&2
    hyperfine -N --style basic --warmup "$warmup" --runs "$runs" "${prepare[@]}" \
        --export-json "$RESULTS/$id.json" -n "$name" "$(quote "$@")" >&2
    max_rss "$rss_runs" "$@" >"$RESULTS/$id.rss"
}

# Lines of a result file (a count of paths).
lines() { wc -l <"$1" | tr -d ' '; }
