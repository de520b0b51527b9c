"""What shelf misreads, against a truth file written by hand (docs/vaults.md, "Measured").

    scripts/vault_truth.py CORPUS TRUTH [--shelf BIN]      judge TRUTH on CORPUS alone
    scripts/vault-measure.py CORPUS --truth TRUTH ...       the same, after the other figures
    scripts/vault-measure.py CORPUS --draw 60               the seeded draw the truth file is written from

TRUTH is a TSV, one row per sampled note, lines starting with # are comments:

    folder  path  is_book  title  authors  status  rating  started  finished  isbn  tags  series  series_index

what a reader of the file says it means (not what shelf shows): is_book yes/no; authors and tags
joined by " ; "; status in shelf's words (to-read, reading, read, abandoned); rating 0-5 as shelf
scales it; dates YYYY-MM-DD (or YYYY-MM, YYYY when the file gives no more), finished the latest
read. An empty cell is a value the file does not give.

Each value is compared with `shelf show --format json`, normalised only where two spellings are
the same value: spaces around a value, the case of a status word, a date written another way
(2013/07/01, 01.07.2013, April 1, 2025, 2016年10月5日), an ISBN's hyphens, a number's decimals (4 and 4.0), the
order of tags (the order of authors counts). Each value is then right, shown wrong, given but not
shown, or shown though the file does not give it; the misread share is the last three over the
values the file gives.
"""
import argparse
import collections
import datetime
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

FIELDS = ("title", "authors", "status", "rating", "started", "finished", "isbn", "tags", "series", "series_index")
COLUMNS = ("folder", "path", "is_book") + FIELDS
OUTCOMES = ("right", "wrong", "not shown", "shown, not given")


def read_truth(path):
    """The truth file's rows, as dicts of COLUMNS; a row of the wrong width stops with its line number."""
    rows = []
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if line.startswith("#") or not line.strip():
                continue
            cells = line.rstrip("\n").split("\t")
            if len(cells) != len(COLUMNS):
                sys.exit(f"{path}:{number}: {len(cells)} columns, expected {len(COLUMNS)} ({', '.join(COLUMNS)})")
            rows.append(dict(zip(COLUMNS, (c.strip() for c in cells))))
    return rows


def notes_of(folder):
    """The Markdown files below FOLDER, relative, outside hidden folders (which shelf never reads), sorted."""
    found = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found += [os.path.relpath(os.path.join(root, f), folder) for f in files if f.endswith(".md")]
    return sorted(found)


def draw(notes_by_folder, count, seed=45):
    """Quotas per folder (in proportion to its notes, at least one each, largest remainders) and
    each folder's notes in a seeded random order: the truth file takes, folder by folder, notes in
    this order until the quota of books is met, and keeps the non-books met on the way."""
    folders = sorted(notes_by_folder, key=str.lower)
    quotas = {f: 1 for f in folders}
    rest = count - len(folders)
    total = sum(len(notes_by_folder[f]) - 1 for f in folders) or 1
    shares = {f: rest * (len(notes_by_folder[f]) - 1) / total for f in folders}
    for f in folders:
        quotas[f] += int(shares[f])
    for f in sorted(folders, key=lambda f: shares[f] - int(shares[f]), reverse=True)[:count - sum(quotas.values())]:
        quotas[f] += 1
    rng = random.Random(seed)
    return {f: (quotas[f], rng.sample(notes_by_folder[f], len(notes_by_folder[f]))) for f in folders}


def print_draw(corpus, folders, count):
    """Prints the draw of COUNT books from FOLDERS of CORPUS: each folder's quota and its first notes in order."""
    for name, (quota, order) in draw({f: notes_of(os.path.join(corpus, f)) for f in folders}, count).items():
        print(f"\n{name}: {quota} books of {len(order)} notes, in this order:\n" + "\n".join(order[:3 * quota + 5]))


def day(value):
    """A date as YYYY-MM-DD (or YYYY-MM, YYYY) when it names one, else the text as it is."""
    if isinstance(value, list):
        value = value[-1] if value else ""
    text = str(value).strip().strip("\"'").removeprefix("[[").removesuffix("]]").strip()
    match = re.match(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:$|[T ])", text)
    if match:
        return f"{match[1]}-{int(match[2]):02d}-{int(match[3]):02d}"
    match = re.fullmatch(r"(\d{1,2})\.(\d{1,2})\.(\d{4})", text)
    if match:
        return f"{match[3]}-{int(match[2]):02d}-{int(match[1]):02d}"
    match = re.fullmatch(r"(\d{4})年(\d{1,2})月(?:(\d{1,2})日)?", text)
    if match:
        return f"{match[1]}-{int(match[2]):02d}" + (f"-{int(match[3]):02d}" if match[3] else "")
    if re.fullmatch(r"\d{4}(-\d{2})?", text):
        return text
    for style in ("%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%d %b %Y"):
        try:
            return datetime.datetime.strptime(text, style).strftime("%Y-%m-%d")
        except ValueError:
            pass
    return text


def number(value):
    """4, "4" and 4.0 as one number; text that is none as itself."""
    try:
        return float(value)
    except (TypeError, ValueError):
        return str(value).strip()


def isbn(value):
    """The first ISBN of a value (two may share one string), without hyphens or spaces."""
    first = re.split(r"[\s,;]+", str(value).strip())[0] if str(value).strip() else ""
    return re.sub(r"[^0-9Xx]", "", first).upper()


def names(value):
    """A list as it is, or a truth cell's names joined by " ; ", each without surrounding spaces."""
    if isinstance(value, list):
        return [str(v).strip() for v in value if str(v).strip()]
    return [n.strip() for n in str(value).split(" ; ") if n.strip()]


def normal(field, value):
    """VALUE (shown or true) as compared; None when there is none."""
    if value is None or value == "" or value == []:
        return None
    if field == "authors":
        return names(value) or None
    if field == "tags":
        return sorted(set(names(value))) or None
    if field in ("rating", "series_index"):
        value = number(value)
        return None if field == "rating" and value == 0 else value
    if field in ("started", "finished"):
        return day(value) or None
    if field == "isbn":
        return isbn(value) or None
    if field == "status":
        return str(value).strip().lower()
    return str(value).strip()


def outcome(truth, shown):
    """One of OUTCOMES for a normalised pair, or None when neither the file nor shelf gives a value."""
    if truth is None:
        return None if shown is None else "shown, not given"
    if shown is None:
        return "not shown"
    return "right" if truth == shown else "wrong"


def judge(shelf_json, rows, library_of, listed):
    """Compares every truth row with what `shelf show` gives; LISTED maps a folder to the paths
    `shelf ls` lists. Returns the counts per field, the misses, and the listing errors."""
    counts = collections.defaultdict(collections.Counter)
    misses, non_books_listed, books_not_listed = [], [], []
    for row in rows:
        where = f"{row['folder']}/{row['path']}"
        is_listed = row["path"] in listed.get(row["folder"], set())
        if row["is_book"] != "yes":
            if is_listed:
                non_books_listed.append(where)
            continue
        library = library_of(row["folder"])
        shown = (shelf_json("show", os.path.join(library, row["path"]), "--format", "json", "--library", library)
                 if is_listed else None) or {}
        if not is_listed:
            books_not_listed.append(where)
        for field in FIELDS:
            truth, seen = normal(field, row[field]), normal(field, shown.get(field))
            result = outcome(truth, seen)
            if truth is not None:
                counts[field]["given"] += 1
            if result:
                counts[field][result] += 1
            if result and result != "right":
                misses.append((result, where, field, row[field], shown.get(field)))
    return {"counts": {f: dict(c) for f, c in counts.items()}, "misses": misses,
            "non_books_listed": non_books_listed, "books_not_listed": books_not_listed,
            "books": sum(1 for r in rows if r["is_book"] == "yes"), "rows": len(rows)}


def print_judgement(result):
    """Prints the counts per field, the misread share, the listing errors and every miss."""
    print(f"\n## misread, by the truth file ({result['books']} books, {result['rows'] - result['books']} non-books)\n")
    print(f"{'field':14} {'given':>6} {'right':>6} {'wrong':>6} {'not shown':>10} {'shown, not given':>17}")

    def line(name, c):
        print(f"{name:14} {c['given']:6} {c['right']:6} {c['wrong']:6} {c['not shown']:10} {c['shown, not given']:17}")

    total = collections.Counter()
    for field in FIELDS:
        c = collections.Counter(result["counts"].get(field, {}))
        total.update(c)
        line(field, c)
    line("total", total)
    missed = total["wrong"] + total["not shown"] + total["shown, not given"]
    share = 100 * missed / total["given"] if total["given"] else 0
    print(f"\nmisread: {missed} of {total['given']} values the files give ({share:.1f}%)")
    print(f"non-books listed: {len(result['non_books_listed'])}  " + "; ".join(result["non_books_listed"]))
    print(f"books not listed: {len(result['books_not_listed'])}  " + "; ".join(result["books_not_listed"]))
    for kind, where, field, truth, seen in result["misses"]:
        print(f"  {kind:17} {field:12} {where}: file {truth!r}, shelf {json.dumps(seen, ensure_ascii=False)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus")
    parser.add_argument("truth")
    parser.add_argument("--shelf", default=os.path.join(os.path.dirname(__file__), "..", ".build", "debug", "shelf"))
    args = parser.parse_args()
    rows = read_truth(args.truth)
    with tempfile.TemporaryDirectory() as scratch:
        env = dict(os.environ, XDG_CACHE_HOME=os.path.join(scratch, "cache"), NO_COLOR="1", SHELF_PAGER="")

        def shelf_json(*command):
            run = subprocess.run([os.path.abspath(args.shelf), *command], capture_output=True, text=True, env=env)
            try:
                return json.loads(run.stdout)
            except ValueError:
                return None

        listed = {}
        for folder in sorted({r["folder"] for r in rows}):
            # A copy without shelf.yaml, as vault-measure.py reads it: the inferred vocabulary.
            shutil.copytree(os.path.join(args.corpus, folder), os.path.join(scratch, folder), symlinks=True)
            if os.path.exists(os.path.join(scratch, folder, "shelf.yaml")):
                os.remove(os.path.join(scratch, folder, "shelf.yaml"))
            books = shelf_json("ls", "--format", "json", "--library", os.path.join(scratch, folder)) or []
            listed[folder] = {b["path"] for b in books}
        print_judgement(judge(shelf_json, rows, lambda f: os.path.join(scratch, f), listed))


if __name__ == "__main__":
    main()
