"""Writes docs/benchmarks.md from the results of scripts/bench.sh (run by it, not by hand).

Reads $BENCH_RESULTS: hyperfine's JSON per timed command (ID.json), the peak RSS in KiB (ID.rss),
the web UI's first-byte times per size (serve-SIZE-ID.first and .times, seconds, one a line) and
facts.txt (KEY=VALUE lines: counts, sizes, what ran). The targets are those of the index issue
(#22: every query row against ripgrep, peak memory, `set` against `--version`) and of the web UI
issues (#21, #42: first byte of the grid and a book page, thumbnails cached, the server's memory,
at 10k and 100k books).
"""

import json
import os
import statistics
import textwrap

env = os.environ
results = env["BENCH_RESULTS"]
sizes = [int(s) for s in env["BENCH_SIZES_RUN"].split()]
phrase, rating_query, words = env["BENCH_PHRASE"], env["BENCH_RATING"], env["BENCH_WORDS"]
words_rg = env["BENCH_WORDS_RG"]
rename_from, rename_to = env["BENCH_RENAME_FROM"], env["BENCH_RENAME_TO"]
edit_n = int(env["BENCH_EDIT_SIZE"])
settle = env["BENCH_SETTLE_USED"]

facts = {}
with open(f"{results}/facts.txt") as f:
    for line in f:
        key, _, value = line.rstrip("\n").partition("=")
        facts[key] = value


def label(n):
    return f"{n // 1000}k" if n % 1000 == 0 and n >= 1000 else str(n)


def run(id_, index=0):
    """Median and σ in ms, and peak RSS in MiB when measured, of one timed command; None if not run."""
    path = f"{results}/{id_}.json"
    if not os.path.exists(path):
        return None
    with open(path) as f:
        r = json.load(f)["results"][index]
    out = {"ms": r["median"] * 1000, "sd": (r.get("stddev") or 0) * 1000, "name": r["command"],
           "cpu": (r["user"] + r["system"]) * 1000}
    rss = f"{results}/{id_}.rss"
    if os.path.exists(rss):
        with open(rss) as f:
            out["rss"] = int(f.read()) / 1024
    return out


def times_ms(path):
    with open(path) as f:
        return [float(x) * 1000 for x in f.read().split()]


def serve(n, id_):
    """The web UI row ID at N books: its first request(s) and the median of the others, in ms; None if not run."""
    first, rest = f"{results}/serve-{n}-{id_}.first", f"{results}/serve-{n}-{id_}.times"
    if not os.path.exists(first) or not os.path.exists(rest):
        return None
    return {"first": statistics.median(times_ms(first)), "ms": statistics.median(times_ms(rest)),
            "max": max(times_ms(rest)), "count": len(times_ms(rest))}


# The target rows of the index issue, per size: id, what is timed, the ripgrep baseline's id, the
# target as a ratio to it.
TARGET_ROWS = [
    ("tag", "warm `ls --tag sci-fi`", "rg-ls", 0.4),
    ("rating", f"warm `ls '{rating_query}'`", "rg-ls", 0.4),
    ("sort", "warm `ls --sort title`", "rg-ls", 0.4),
    ("words", f"warm `search '{words}'` (ranked, with reasons)", "rg-words", 0.5),
    ("cold", "cold `ls --tag sci-fi` (no cache; builds it)", "rg-ls", 1.2),
    ("edited", "one book edited, then `ls --tag sci-fi`", "rg-edited", 0.5),
]
# Rows kept for comparison with earlier runs; no target of their own.
EXTRA_ROWS = [
    ("phrase", f"warm `search '\"{phrase}\"'` (a phrase)", "rg-phrase"),
    ("nocache", "`ls --tag sci-fi` with `--no-cache`", "rg-ls"),
    ("firstsearch", f"`search '{words}'` just after a first `ls` (reads every book's notes once)", "rg-words"),
    # Not shelf: the walk, the reads and libyaml's parse alone, under the cold row.
    ("floor", "floor of a cold run: walk, read, libyaml's parse of each front matter, nothing kept", "rg-ls"),
]
NOT_SHELF = {"nocache", "floor"}  # rows left out of shelf's peak memory
RG_NAMES = {"rg-ls": "`rg -l sci-fi`", "rg-words": f"`{words_rg}`", "rg-phrase": f"`rg -il \"{phrase}\"`",
            "rg-edited": "`rg -l sci-fi`, after the same edit and wait"}
MEMORY_LIMIT = {10000: 48, 100000: 200}  # MiB, peak RSS of any query
SET_LIMIT = 2.0  # × `shelf --version`
# The web UI's targets per size (issue #42): the grid's first byte, a book page's, the server's
# peak memory (MiB). A page over the whole library (a facet, a search, stats, highlights, loans)
# is held to the grid's target; None: no target at that size.
SERVE_TARGETS = {10000: {"grid": 100, "book": 30, "mib": 150}, 100000: {"grid": 300, "book": None, "mib": 400}}
serve_sizes = [int(n) for n in env.get("BENCH_SERVE_SIZES", str(edit_n)).split()]
# The pages timed, in order: id, what, which target applies ("grid", "book" or None).
SERVE_PAGES = [("grid", "the grid, `/`", "grid"), ("tag", "a tag facet, `/?tag=sci-fi`", "grid"),
               ("search", f"a search of the notes, `/?q={words}`", "grid"), ("book", "a book page", "book"),
               ("stats", "the stats page, `/stats`", "grid"), ("highlights", "the highlights page, `/highlights`", "grid"),
               ("loans", "the loans page, `/loans`", "grid"),
               ("thumb", "its thumbnail, `/thumb?p=…` (first: made; then: cached)", None)]

lines = []
w = lines.append


def table(header, align):
    w("| " + " | ".join(header) + " |")
    w("| " + " | ".join("---:" if a == "r" else "---" for a in align) + " |")


def row(*cells):
    w("| " + " | ".join(str(c) for c in cells) + " |")


def para(text, bullet=False):
    """A paragraph (or a bullet) wrapped at 100 columns."""
    indent = "  " if bullet else ""
    w(textwrap.fill(text, width=100, initial_indent="- " if bullet else "", subsequent_indent=indent,
                    break_long_words=False, break_on_hyphens=False))


def fmt_ms(ms):
    return f"{ms:.0f}" if ms >= 100 else f"{ms:.1f}"


def verdict(ok):
    return "met" if ok else "**not met**"


def noisy(*runs):
    """A warning for the timings whose σ is over a quarter of their median: the verdict may flip."""
    loud = [f"`{r['name']}` ±{100 * r['sd'] / r['ms']:.0f}%" for r in runs if r and r["sd"] > 0.25 * r["ms"]]
    return "noisy: " + ", ".join(loud) if loud else ""


def ratio_row(n, id_, base_id):
    """(shelf run, baseline run, ratio) of one row at n books, or None when it did not run."""
    r, base = run(f"{id_}-{n}"), run(f"{base_id}-{n}")
    if r is None or base is None:
        return None
    return r, base, r["ms"] / base["ms"]


def query_rss(n):
    """The largest peak RSS of the timed shelf queries at n books (all but `--no-cache`, which
    does not use the index), and which row it was."""
    ids = [id_ for id_, *_ in TARGET_ROWS + EXTRA_ROWS if id_ not in NOT_SHELF]
    peaks = [(run(f"{id_}-{n}")["rss"], id_) for id_ in ids if run(f"{id_}-{n}")]
    return max(peaks) if peaks else None


def set_row(n):
    s, v = run(f"set-{n}"), run("version")
    return None if s is None or v is None else (s, v, s["ms"] / v["ms"])


# --- summary --------------------------------------------------------------------------------------

w("# Benchmarks")
w("")
w("Generated by `make bench` (`scripts/bench.sh` and `scripts/bench/`), which rewrites this whole")
w("file on each run: the targets first, then every row in detail, then how to run it.")
w("")
w("## Targets")
w("")
para("The targets of the index (issue 22: each row against ripgrep scanning the same files, at 10k "
     "and 100k books) and of the web UI (issues 21 and 42: at 10k and 100k books). Whole-process wall "
     "time, hyperfine medians, warm page cache; the ratio is shelf's median over ripgrep's. A timing "
     "whose σ is over a quarter of its median is flagged as noisy: on a busy machine its verdict may flip.")
w("")
table(["work", "books", "target", "measured", "met?", "note"], ["l", "r", "l", "l", "l", "l"])
for n in (10000, 100000):
    if n not in sizes:
        row("the index's rows", label(n), "–", f"not run (`BENCH_SIZES` without {n})", "–", "")
        continue
    for id_, what, base_id, target in TARGET_ROWS:
        got = ratio_row(n, id_, base_id)
        if got is None:
            row(what, label(n), f"≤ {target} × {RG_NAMES[base_id]}", "not run", "–", "")
            continue
        r, base, ratio = got
        note = noisy(r, base)
        floor = ratio_row(n, "floor", base_id) if id_ == "cold" else None
        if floor:
            note = "; ".join(x for x in (f"the floor (walk, read, libyaml's parse alone): {floor[2]:.2f}×", note) if x)
        row(what, label(n), f"≤ {target} × {RG_NAMES[base_id]}",
            f"{ratio:.2f}× ({fmt_ms(r['ms'])} vs {fmt_ms(base['ms'])} ms)", verdict(ratio <= target), note)
    peak = query_rss(n)
    if peak:
        row("peak memory, any query (shelf's rows but `--no-cache`)", label(n), f"≤ {MEMORY_LIMIT[n]} MiB",
            f"{peak[0]:.1f} MiB (`{peak[1]}` row)", verdict(peak[0] <= MEMORY_LIMIT[n]), "")
    got = set_row(n)
    if got:
        s, v, ratio = got
        row("`set` on one book by path", label(n), f"≤ {SET_LIMIT:g} × `shelf --version`",
            f"{ratio:.2f}× ({fmt_ms(s['ms'])} vs {fmt_ms(v['ms'])} ms)", verdict(ratio <= SET_LIMIT), noisy(s, v))

def serve_target(n, kind):
    return SERVE_TARGETS.get(n, SERVE_TARGETS[10000]).get(kind) if kind else None


for n in serve_sizes:
    sfact = lambda key, default="": facts.get(f"serve.{n}.{key}", default)
    note = "" if n in SERVE_TARGETS else f"measured at {label(n)}, the targets are for 10k"
    if sfact("status") != "ok":
        row("web UI", label(n), "–", sfact("status", "not run"), "–", "")
        continue
    for id_, what, kind in SERVE_PAGES:
        s_, limit = serve(n, id_), serve_target(n, kind)
        if s_ is None or limit is None or id_ == "thumb":
            continue
        row(f"web UI: {what}, first byte, warm", label(n), f"< {limit} ms", f"{s_['ms']:.1f} ms "
            f"(first request {s_['first']:.0f} ms)", verdict(s_["ms"] < limit), note)
    shown = sfact("grid_books")
    row("web UI: the grid paged or lazily loaded", label(n), "paged", f"`/` shows: {shown}",
        verdict("page 1 of" in shown), note)
    thumb = serve(n, "thumb")
    if thumb:
        row("web UI: thumbnails cached on disk", label(n), "cached", f"made {thumb['first']:.0f} ms, "
            f"then {thumb['ms']:.1f} ms from the cache", verdict(thumb["ms"] < thumb["first"]), note)
    else:
        row("web UI: thumbnails cached on disk", label(n), "cached", sfact("thumb", "not run"), "–", "")
    mib, limit = int(sfact("hwm_kib")) / 1024, serve_target(n, "mib")
    row("web UI: server's peak memory (VmHWM)", label(n), f"< {limit} MiB", f"{mib:.1f} MiB", verdict(mib < limit), note)
w("")

w("## Machine")
w("")
w(f"- Machine: {env['BENCH_CPU']}, {env['BENCH_CORES']} cores (`nproc`), {env['BENCH_MEM']} memory, {env['BENCH_KERNEL']}")
w(f"- {env['BENCH_SWIFT']}")
w(f"- shelf {env['BENCH_SHELF_VERSION']}, commit {env['BENCH_COMMIT']}")
tools = f"{env['BENCH_RG']}, {env['BENCH_HYPERFINE']}"
if facts.get("calibre.version"):
    tools += f", {facts['calibre.version']}"
w(f"- Tools: {tools}")
w(f"- Date: {env['BENCH_DATE']}")
para(f"Load average (1, 5, 15 min): {env['BENCH_LOAD']}; other work on the machine (builds, tests) "
     "shows up as a larger σ and a higher median, for shelf and rg alike", bullet=True)
w("")

# --- what is measured -----------------------------------------------------------------------------

w("## What is measured")
w("")
para(f"Libraries made by `shelf-bench-gen` (1–3 KB per book, 1000 books per folder, seed "
     f"{env['BENCH_SEED_USED']}): about 8% of the books are tagged `sci-fi` (a word written nowhere "
     "else), about 5% of the notes hold `water`, 5% `people` and 1% both. The page cache is warm "
     "(every file read once before the timings), so what is measured is CPU and system calls, not "
     "the disk. shelf prints paths (`--format paths`) in every row but the search of the targets, "
     "which prints its default output: the books ranked, each with where it matched and a snippet. "
     "`XDG_CACHE_HOME` points into the bench data, so shelf's index lives there.")
w("")
para("**Warm**: the index exists and every file is unchanged; the command's first run and "
     "hyperfine's warm-ups fill it.", bullet=True)
para("**Cold**: before every run (hyperfine's `--prepare`, untimed) the whole cache folder is "
     "removed, so each run reads and parses every file and writes the index: a first run.", bullet=True)
para("**Floor**: `shelf-bench-floor DIR` (Sources/BenchFloor), not shelf, does the least any cold run "
     "does and nothing more: lists the `.md` files, reads each with one `read` on every core, finds its "
     "front matter and runs libyaml's event parser over it, keeping nothing (no book, no index, no "
     "output). Its ratio to `rg -l` is the least the cold row's ratio can be on this machine with "
     "libyaml as the parser.", bullet=True)
para("**One book edited**: on a scratch copy, before every run a line is appended to one `sci-fi` "
     f"book's notes, its modification time set a minute back, and then the script waits {settle} s: shelf "
     "neither keeps nor trusts a file whose modification or change time is under 3 s old, and a change "
     "time cannot be set back. Each run then finds exactly one file changed since the index was "
     "written.", bullet=True)
para(f"**Baselines**: `rg -l sci-fi` for every `ls` row and the cold row; for the edited row the same "
     "`rg -l sci-fi`, timed after the same edit and the same wait before each run, since a run that "
     "follows seconds of idle is slower for any program (4–7 ms more at 10k books, for shelf and ripgrep "
     f"alike); `{words_rg}` for `search '{words}'`. A search of two words finds the books holding both (the last also as a "
     "prefix); ripgrep cannot ask for both in one pass over a file without a regex spanning the whole "
     "file, so its baseline is the nearest single pass: the files holding either word. The books are "
     "checked apart (Books found, below).", bullet=True)
para("**Peak memory**: max RSS under `/usr/bin/time -f %M`, the largest of three runs (of one for "
     "commands over 2 s), made in the same state as the timed runs.", bullet=True)
para("**`set`**: `shelf set BOOK rating=5` by path on a scratch copy, the book's bytes restored "
     "before every run so that each run writes, against `shelf --version` (start-up alone).", bullet=True)
w("")
para("Runs per command follow the time of its second run (the first may fill the index): `--warmup 5 --runs 30` under 0.15 s (the warm queries "
     "at 10k and their ripgrep baselines, whose medians move by a few milliseconds from run to run), "
     "`--warmup 3 --runs 10` under 0.5 s, `--warmup 1 --runs 5` under 5 s, `--runs 3` beyond.")
w("")

# --- per size -------------------------------------------------------------------------------------

for n in sizes:
    files, mib = int(facts[f"{n}.files"]), int(facts[f"{n}.bytes"]) / 1048576
    w(f"## {label(n)} books")
    w("")
    w(f"{files} files, {mib:.1f} MiB on disk.")
    if n not in MEMORY_LIMIT:
        w("The targets are set at 10k and 100k books; at this size they are only a guide.")
    w("")
    table(["row", "shelf ms", "± σ", "baseline", "baseline ms", "ratio", "target", "met?", "max RSS MiB"],
          ["l", "r", "r", "l", "r", "r", "l", "l", "r"])
    limit = MEMORY_LIMIT.get(n)
    for id_, what, base_id, target in TARGET_ROWS + [(i, wh, b, None) for i, wh, b in EXTRA_ROWS]:
        got = ratio_row(n, id_, base_id)
        if got is None:
            continue
        r, base, ratio = got
        rss = f"{r['rss']:.1f}" + ("" if limit is None or target is None or r["rss"] <= limit else f" (> {limit})")
        row(what, fmt_ms(r["ms"]), f"{r['sd']:.1f}", RG_NAMES[base_id], fmt_ms(base["ms"]), f"{ratio:.2f}",
            "–" if target is None else f"≤ {target}", "–" if target is None else verdict(ratio <= target), rss)
    got = set_row(n)
    if got:
        s, v, ratio = got
        row("`set` on one book by path", fmt_ms(s["ms"]), f"{s['sd']:.1f}", "`shelf --version`", fmt_ms(v["ms"]),
            f"{ratio:.2f}", f"≤ {SET_LIMIT:g}", verdict(ratio <= SET_LIMIT), "–")
    for base_id in ("rg-ls", "rg-words", "rg-phrase", "rg-edited"):
        base = run(f"{base_id}-{n}")
        if base:
            row(RG_NAMES[base_id], fmt_ms(base["ms"]), f"{base['sd']:.1f}", "–", "–", "1.00", "–", "–", f"{base['rss']:.1f}")
    w("")
    if limit:
        peak = query_rss(n)
        w(f"Peak memory of any query (shelf's rows but `--no-cache`): {peak[0]:.1f} MiB, against ≤ {limit} MiB: {verdict(peak[0] <= limit)}.")
        w("")
    w("Commands as timed (shelf's run with `--library DIR`):")
    w("")
    for id_, what, base_id, *_ in TARGET_ROWS + EXTRA_ROWS:
        r = run(f"{id_}-{n}")
        if r:
            para(f"{what}: `{r['name']}`, against {RG_NAMES[base_id]}", bullet=True)
    if n in sizes and facts.get(f"{n}.set.book"):
        para(f"`set`: `shelf set {facts[f'{n}.set.book']} rating=5` in a copy of the library", bullet=True)
    w("")

    def found(id_):
        got, want = facts.get(f"{n}.count.{id_}"), facts.get(f"{n}.expect.{id_}")
        if got is None:
            return None
        return got, want, ("agrees" if got == want else "**differs**")

    w("Books found, against ripgrep's equivalent:")
    w("")
    for id_ in ("tag", "cold", "edited", "nocache"):
        got = found(id_)
        if got:
            para(f"{dict((i, wh) for i, wh, *_ in TARGET_ROWS + EXTRA_ROWS)[id_]}: shelf {got[0]}, `rg -l sci-fi` "
                 f"{got[1]}, which {got[2]} (`sci-fi` is written only in tags).", bullet=True)
    if facts.get(f"{n}.edited.edits"):
        para(f"the edited book, `{facts[f'{n}.edited.book']}`, was edited {facts[f'{n}.edited.edits']} times: once "
             "before each run (the first, the warm-ups, the timed and the peak-memory runs).", bullet=True)
    got = found("rating")
    if got:
        para(f"`ls '{rating_query}'`: shelf {got[0]}; the files with a `rating: 4` or `5` line and a "
             f"`finished: 2024-` line (two `rg -l` passes): {got[1]}, which {got[2]}.", bullet=True)
    got = found("sort")
    if got:
        para(f"`ls --sort title`: shelf {got[0]} of {got[1]} files, which {got[2]}.", bullet=True)
    got = found("words")
    if got:
        para(f"`search '{words}'`: shelf {got[0]}; the files holding the word `water` and a word starting "
             f"with `people`, in any case (`rg -l -i -w water`, then `rg -l -i '\\bpeople'`): {got[1]}, "
             f"which {got[2]}. `{words_rg}` lists {facts[f'{n}.count.rg-words']} files (either word); "
             f"{facts[f'{n}.count.water']} hold `water`, {facts[f'{n}.count.people']} `people`.", bullet=True)
    got = found("phrase")
    if got:
        para(f"the phrase: shelf {got[0]}; shelf matches whole words across line breaks and punctuation, as "
             f"`rg -U -ilw '{phrase.replace(' ', chr(92) + 'W+')}'` does: {got[1]} files, which {got[2]} "
             f"(`rg -il \"{phrase}\"` lists {facts[f'{n}.count.rg-phrase']}).", bullet=True)
    w("")

# --- the web UI -----------------------------------------------------------------------------------

for n in serve_sizes:
    sfact = lambda key, default="": facts.get(f"serve.{n}.{key}", default)
    w(f"## Web UI ({label(n)} books)")
    w("")
    if sfact("status") != "ok":
        w(f"Not measured: {sfact('status', 'not run')}.")
        w("")
        continue
    count = facts["serve.requests"]
    para(f"The release `shelf serve --read-only --port 0` on a scratch copy of the library, in which the "
         "first book by title has a cover (`covers/bench-cover.jpg`, 600×900, made by libvips). curl's time "
         "to the first byte (`%{time_starttransfer}`) over loopback: the first request of each page, then "
         f"the median and the largest of {count} more. The grid's first request is the server's first "
         "page: it loads the library. A thumbnail is made (by `vipsthumbnail`) on its first request and "
         "kept under `$XDG_CACHE_HOME/shelf/thumbnails`; its first is the median of five requests, each "
         "with that folder emptied. A page over the whole library is held to the grid's target.")
    w("")
    table(["request", "first ms", "median ms", "max ms", "target", "met?"], ["l", "r", "r", "r", "l", "l"])
    shows = {"grid": sfact("grid_books"), "tag": sfact("tag_books"), "search": sfact("search_books"),
             "book": sfact("book", "/book"), "highlights": sfact("highlights"), "loans": f"{sfact('loans')} books out"}
    for id_, what, kind in SERVE_PAGES:
        s_, limit = serve(n, id_), serve_target(n, kind)
        shown = f" ({shows[id_]})" if shows.get(id_) else ""
        if id_ == "book":
            what, shown = f"a book page, `{shows['book']}`", ""
        if s_ is None:
            row(what, "–", "–", "–", "–", sfact("thumb", "not run") if id_ == "thumb" else "not run")
            continue
        row(what + shown, f"{s_['first']:.1f}", f"{s_['ms']:.1f}", f"{s_['max']:.1f}",
            "–" if limit is None else f"< {limit} ms (median)", "–" if limit is None else verdict(s_["ms"] < limit))
    mib, limit = int(sfact("hwm_kib")) / 1024, serve_target(n, "mib")
    w("")
    w(f"The server's peak memory after these requests (VmHWM): {mib:.1f} MiB, against < {limit} MiB: "
      f"{verdict(mib < limit)}.")
    w("")

# --- edits, start-up and calibre ------------------------------------------------------------------

version = run("version")
rename = run("rename", 0)
loop = run("rename", 1)

w(f"## Start-up and rewriting every book ({label(edit_n)} books)")
w("")
table(["command", "median ms", "± σ ms", "ratio", "max RSS MiB"], ["l", "r", "r", "r", "r"])
row("`shelf --version`", fmt_ms(version["ms"]), f"{version['sd']:.1f}", "–", f"{version['rss']:.1f}")
row(f"`shelf tags rename {rename_from} {rename_to} --yes`", fmt_ms(rename["ms"]), f"{rename['sd']:.1f}",
    f"{rename['ms'] / loop['ms']:.2f} × the loop", "–")
row("`mv BOOK.new BOOK` for each book (bash loop)", fmt_ms(loop["ms"]), f"{loop['sd']:.1f}", "1.00", "–")
w("")
para(f"For the rename, a scratch copy first gets the tag `{rename_from}` in every book "
     f"(`scripts/bench/add_tag.py`); shelf then rewrote {facts['rename.changed']} of {facts['rename.files']} "
     "files, each atomically (a temporary file, fsync, rename, fsync of the folder), using "
     f"{rename['cpu'] / 1000:.1f} s of CPU in {rename['ms'] / 1000:.1f} s. The loop moves files holding "
     "exactly those bytes, made beforehand, over the books: one `mv` process per book, syncing nothing. "
     "Both start each run from a restored copy (`--prepare`, untimed; `--runs 3`).")
w("")

calibre = run(f"calibre-{edit_n}") if facts.get("calibre.status") == "ok" else None
w(f"## calibre ({label(edit_n)} books)")
w("")
if calibre is None:
    w(f"Not measured: {facts.get('calibre.status', 'not run')}.")
else:
    table(["command", "median ms", "± σ ms", "calibre ÷ shelf", "max RSS MiB"], ["l", "r", "r", "r", "r"])
    row(f"`{calibre['name']} --with-library DIR`", fmt_ms(calibre["ms"]), f"{calibre['sd']:.1f}", "1.00",
        f"{calibre['rss']:.1f}")
    r = run(f"tag-{edit_n}")
    row(f"`{r['name']}` (warm)", fmt_ms(r["ms"]), f"{r['sd']:.1f}", f"{calibre['ms'] / r['ms']:.1f}", f"{r['rss']:.1f}")
    w("")
    para("The calibre library is built once with calibre's own database API (`calibre-debug -e "
         "scripts/bench/calibre_build.py`: title, authors, tags, ISBN, publisher, rating; no formats) and "
         "reused while the books and calibre's version are unchanged. calibre finds "
         f"{facts['calibre.count']} books: its `=` is an exact match, so it leaves out `sci-fi/space` and "
         f"`sci-fi/cyberpunk` ({facts['calibre.expect']} books carry `sci-fi` itself), which shelf's "
         f"`--tag sci-fi` includes ({facts[f'{edit_n}.count.rg-ls']}).")
w("")

# --- growth ---------------------------------------------------------------------------------------

if len(sizes) >= 2:
    first, last = sizes[0], sizes[-1]
    w(f"## Growth from {label(first)} to {label(last)} books")
    w("")
    para(f"The marginal cost per book is the slope between {label(first)} and {label(last)}: (time at "
         f"{label(last)} − time at {label(first)}) ÷ {last - first} books, and the same for memory; the fixed "
         "part (start-up, the first allocations) drops out.")
    w("")
    growth = [(what, id_) for id_, what, *_ in TARGET_ROWS + EXTRA_ROWS] + [(RG_NAMES[b], b) for b in RG_NAMES]
    growth = [(what, key) for what, key in growth if all(run(f"{key}-{n}") for n in sizes)]
    table(["row"] + [f"ms at {label(n)}" for n in sizes] + ["µs per book"], ["l"] + ["r"] * (len(sizes) + 1))
    for what, key in growth:
        ms = [run(f"{key}-{n}")["ms"] for n in sizes]
        row(what, *(fmt_ms(x) for x in ms), f"{(ms[-1] - ms[0]) * 1000 / (last - first):.1f}")
    if all(run(f"set-{n}") for n in sizes):
        ms = [run(f"set-{n}")["ms"] for n in sizes]
        row("`set` on one book by path", *(fmt_ms(x) for x in ms), f"{(ms[-1] - ms[0]) * 1000 / (last - first):.2f}")
    w("")
    table(["row"] + [f"MiB at {label(n)}" for n in sizes] + ["KiB per book"], ["l"] + ["r"] * (len(sizes) + 1))
    for what, key in growth:
        rss = [run(f"{key}-{n}")["rss"] for n in sizes]
        row(what, *(f"{x:.1f}" for x in rss), f"{(rss[-1] - rss[0]) * 1024 / (last - first):.2f}")
    w("")

# --- how to run -----------------------------------------------------------------------------------

w("## How to run")
w("")
para("`make bench` builds shelf and `shelf-serve` in release mode, then runs `scripts/bench.sh`, which "
     "installs ripgrep, hyperfine, GNU time and curl with apt-get when they are missing, builds "
     "`shelf-bench-gen`, generates the libraries under `bench-data/` (git-ignored; reused while the count, "
     "seed and generator sources are unchanged), warms the page cache, times each row and rewrites this "
     "file. Take the numbers on a quiet machine: the load average above says how quiet it was.")
w("")
para("`BENCH_SIZES=\"1000 10000\" make bench` skips the 100k library; `BENCH_SEED` changes the seed; "
     "`SHELF_BIN` times another shelf binary (`shelf-serve` is looked for beside it). The commands that "
     "write (`set`, the edited book, `tags rename`, the web UI's cover) work on scratch copies under "
     "`bench-data/scratch/`, removed afterwards; the generated libraries are only read. The web UI rows "
     "need `shelf-serve` (`make release-serve`) and, for the thumbnail, libvips (`libvips-tools`).")
w("")
para("calibre is timed when it is installed; `BENCH_CALIBRE=1 make bench` installs it first (`apt-get "
     "install calibre`, a few hundred MB with Qt), `BENCH_CALIBRE=0` skips it. Its library is built once "
     "under `bench-data/calibre-10000/`.")
w("")
para("To make a library by hand: `swift run -c release shelf-bench-gen 10000 /tmp/books --seed 42`. Raw "
     "hyperfine JSON, peak RSS, the web UI's times and the output of each command's first run are in "
     "`bench-data/results/`.")

with open(env["BENCH_OUT_FILE"], "w") as f:
    f.write("\n".join(lines) + "\n")
