# shellcheck shell=bash
# Sourced by scripts/bench.sh: the web UI's rows (`shelf serve`), at one library size.
#
# On a scratch copy of the library, where one book gets a cover (covers/bench-cover.jpg, made by
# libvips) so that there is a thumbnail to ask for, the release server runs read-only on a free
# loopback port. curl's time to the first byte (%{time_starttransfer}) is taken for the grid, a
# tag facet of the grid, a search, a book page, the stats, highlights and loans pages, and that
# thumbnail: the first request of each separately ("first": the grid's is the server's first
# page, which loads the library), then the median of SERVE_REQUESTS more. A thumbnail is made on
# its first request and kept on disk; its "first" is the median of a few requests each made with
# the thumbnail folder emptied. Then the server's peak memory (VmHWM in /proc/PID/status).
# Results are kept per size: $RESULTS/serve-SIZE-ID.first and .times, facts serve.SIZE.*.

SERVE_REQUESTS=${BENCH_SERVE_REQUESTS:-20}
SERVE_PID=""

stop_server() {
    if [ -n "$SERVE_PID" ]; then
        kill "$SERVE_PID" 2>/dev/null || true
        wait "$SERVE_PID" 2>/dev/null || true
        SERVE_PID=""
    fi
}

# Seconds to the first byte of one GET, as curl reports it; dies on a status other than 200.
first_byte() {
    local out status seconds
    out=$(curl -s -o /dev/null -w '%{http_code} %{time_starttransfer}' --max-time 60 "$1") || die "curl $1 failed"
    status=${out%% *} seconds=${out#* }
    [ "$status" = 200 ] || die "GET $1 answered $status, not 200"
    echo "$seconds"
}

# `serve_row ID URL [PREPARE]`: the first request's time in $RESULTS/serve-$SERVE_SIZE-ID.first,
# then SERVE_REQUESTS more, one time a line, in $RESULTS/serve-$SERVE_SIZE-ID.times (seconds).
# With PREPARE, a shell command run before every request, the first is the median of five
# prepared requests.
serve_row() {
    local id=$1 url=$2 prepare=${3:-} out="$RESULTS/serve-$SERVE_SIZE-$1"
    if [ -n "$prepare" ]; then
        for _ in 1 2 3 4 5; do bash -c "$prepare"; first_byte "$url"; done >"$out.first"
    else
        first_byte "$url" >"$out.first"
    fi
    for _ in $(seq "$SERVE_REQUESTS"); do first_byte "$url"; done >"$out.times"
}

# `serve_fact KEY VALUE`: a fact of this size's server (serve.SIZE.KEY).
serve_fact() { fact "serve.$SERVE_SIZE.$1" "$2"; }

# The first match of a pattern in a page, `&amp;` read back as `&` (a link to follow).
first_link() { { grep -o "$1" || true; } | sed -n 1p | sed 's/^[a-z]*="//; s/"$//; s/&amp;/\&/g'; }

bench_serve() {
    local n=$1 server library cover book log port base grid thumb_url book_url words
    SERVE_SIZE=$n
    server="$(dirname "$SHELF")/shelf-serve"
    if [ -z "${SHELF_SERVE_PROGRAM:-}" ] && [ ! -x "$server" ] && [ ! -x "$(dirname "$(dirname "$SHELF")")/lib/shelf/shelf-serve" ]; then
        serve_fact status "not measured: no shelf-serve beside $SHELF (make release-serve builds it)"
        warn "no shelf-serve beside $SHELF: the web UI rows are skipped"
        return
    fi
    need curl curl
    say "shelf serve, $n books"
    library=$(scratch_copy "$n" serve)
    book=$("$SHELF" --library "$library" ls --sort title --format paths --limit 1)
    mkdir -p "$library/covers"
    cover="$library/covers/bench-cover.jpg"
    if command -v vips >/dev/null 2>&1; then
        vips gaussnoise "$cover" 600 900 >&2
        "$SHELF" --library "$library" set "$book" cover=covers/bench-cover.jpg >/dev/null
    fi
    # Every file of the copy was just written: past shelf's racy window the server keeps them.
    sleep "$SETTLE"
    warm "$library"

    log="$SCRATCH/serve.log"
    trap stop_server EXIT
    "$SHELF" --library "$library" serve --port 0 --read-only >"$log" 2>&1 &
    SERVE_PID=$!
    port=""
    for _ in $(seq 300); do
        port=$(sed -n 's|^Serving .* at http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$log" | sed -n 1p)
        [ -n "$port" ] && break
        kill -0 "$SERVE_PID" 2>/dev/null || die "shelf serve stopped: $(head -n 5 "$log")"
        sleep 0.1
    done
    [ -n "$port" ] || { stop_server; die "shelf serve did not say its port within 30 s: $(head -n 5 "$log")"; }
    base="http://127.0.0.1:$port"
    # Answers without touching the library: the first grid request below is still the first page.
    first_byte "$base/static/shelf.css" >/dev/null

    serve_row grid "$base/"
    grid=$(curl -s "$base/")
    book_url=$(printf '%s' "$grid" | first_link 'href="/book?p=[^"]*"')
    [ -n "$book_url" ] || die "the grid page links to no book"
    serve_row tag "$base/?tag=sci-fi"
    # The words of the notes `shelf search` is timed with: the grid's search box.
    words=$(printf '%s' "$WORDS" | sed 's/ /%20/g')
    serve_row search "$base/?q=$words"
    serve_row book "$base$book_url"
    serve_fact book "$book_url"
    serve_row stats "$base/stats"
    serve_row highlights "$base/highlights"
    serve_row loans "$base/loans"
    thumb_url=$(printf '%s' "$grid" | first_link 'src="/thumb?p=[^"]*"')
    if ! command -v vipsthumbnail >/dev/null 2>&1; then
        serve_fact thumb "not measured: vipsthumbnail is not installed (apt-get install libvips-tools)"
    elif [ -z "$thumb_url" ]; then
        serve_fact thumb "not measured: the grid shows no thumbnail"
    else
        printf 'rm -rf %q\n' "$XDG_CACHE_HOME/shelf/thumbnails" >"$SCRATCH/drop-thumbnails.sh"
        serve_row thumb "$base$thumb_url" "bash $SCRATCH/drop-thumbnails.sh"
        serve_fact thumb ok
    fi
    serve_fact grid_books "$(printf '%s' "$grid" | grep -o '[0-9]* books[^<]*' | sed -n 1p)"
    serve_fact tag_books "$(curl -s "$base/?tag=sci-fi" | grep -o '[0-9]* books[^<]*' | sed -n 1p)"
    serve_fact search_books "$(curl -s "$base/?q=$words" | grep -o '[0-9]* books[^<]*' | sed -n 1p)"
    serve_fact highlights "$(curl -s "$base/highlights" | grep -o '[0-9]* passages[^<]*' | sed -n 1p)"
    serve_fact loans "$(curl -s "$base/loans" | grep -c '<td><a href="/book' || true)"
    serve_fact hwm_kib "$(awk '/^VmHWM:/ { print $2 }' "/proc/$SERVE_PID/status")"
    fact serve.requests "$SERVE_REQUESTS"
    serve_fact status ok
    stop_server
    trap - EXIT
    rm -rf "$library"
}
