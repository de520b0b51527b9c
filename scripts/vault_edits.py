"""The edits vault-measure.py makes on a copy of each folder (docs/vaults.md, "Measured"): edits that
set what shelf shows, which must write nothing (no-op writes), and a JSON export imported into an empty
folder and exported again, which must give every book back (round-trip losses).
"""
import collections
import hashlib
import json
import os
import re


def notes_in(folder):
    found = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        found += [os.path.join(root, f) for f in files if f.endswith(".md")]
    return found


def fingerprint(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest(), os.stat(path).st_mtime_ns


def has_key(path, key):
    """Whether the file's front matter has KEY at the top level (a plain reading, for reporting)."""
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    if not lines or lines[0].strip() != "---":
        return False
    for line in lines[1:]:
        if line.strip() in ("---", "..."):
            return False
        if line.split(":", 1)[0] == key and ":" in line:
            return True
    return False


def iso_day(value):
    """A shown date as YYYY-MM-DD when it names one day (2013/07/01, 21.04.2025), else None."""
    if not isinstance(value, str):
        return None
    match = re.fullmatch(r"(\d{4})[-/](\d{1,2})[-/](\d{1,2})", value.strip())
    if match:
        return f"{match[1]}-{int(match[2]):02d}-{int(match[3]):02d}"
    match = re.fullmatch(r"(\d{1,2})\.(\d{1,2})\.(\d{4})", value.strip())
    if match:
        return f"{match[3]}-{int(match[2]):02d}-{int(match[1]):02d}"
    return None


def no_op_edits(shelf, library, books, limit, rng):
    """Runs edits that change nothing on every book (or LIMIT of them); returns what changed."""
    chosen = books if limit is None or len(books) <= limit else rng.sample(books, limit)
    before = {p: fingerprint(p) for p in notes_in(library)}
    changed, refused, runs, touched = collections.Counter(), collections.Counter(), collections.Counter(), []
    for book in chosen:
        path = os.path.join(library, book["path"])
        titled = "" if has_key(path, "title") else " (title not a key)"
        edits = [("set title", ["set", path, "title=" + book["title"]])]
        authors = book.get("authors") or []
        if len(authors) == 1:
            edits.append(("set authors", ["set", path, "authors=" + authors[0]]))
        elif authors:
            # `authors=` sets one name (a name may hold a comma); re-adding one is the no-op.
            edits.append(("add author", ["set", path, "authors+=" + authors[-1]]))
        if book.get("status"):
            edits.append(("set status", ["set", path, "status=" + book["status"]]))
        for field in ("started", "finished"):
            day = iso_day(book.get(field))
            if day:
                edits.append(("set " + field, ["set", path, f"{field}={day}"]))
        if isinstance(book.get("rating"), (int, float)) and book["rating"] > 0:
            rating = book["rating"]
            edits.append(("rate", ["rate", path, str(int(rating)) if rating == int(rating) else str(rating)]))
        if book.get("tags"):
            edits.append(("tag", ["tag", path, book["tags"][0]]))
        for kind, args in edits:
            runs[kind] += 1
            result = shelf.run(*args, "--library", library)
            if result.returncode != 0:
                refused[kind] += 1
            now = fingerprint(path)
            if now[0] != before[path][0]:
                changed[kind] += 1
                touched.append((kind + (titled if kind == "set title" else ""), book["path"], result.stderr.strip()[:200]))
                before[path] = now
            elif now[1] != before[path][1]:
                touched.append((kind + " (time only)", book["path"], ""))
                before[path] = now
    others = [p for p in notes_in(library) if p in before and fingerprint(p)[0] != before[p][0]]
    return {"books": len(chosen), "runs": dict(runs), "changed": dict(changed), "refused": dict(refused),
            "touched": touched, "other_files_changed": len(others)}


def body(path):
    """The bytes after a file's front matter (all of it when it has none)."""
    with open(path, "rb") as f:
        data = f.read()
    lines = data.split(b"\n")
    if lines and lines[0].rstrip(b"\r") == b"---":
        for i, line in enumerate(lines[1:], 1):
            if line.rstrip(b"\r") in (b"---", b"..."):
                return b"\n".join(lines[i + 1:])
    return data


def round_trip(shelf, library, scratch):
    """Exports json, imports it into an empty folder, exports again; returns the books that differ."""
    first = os.path.join(scratch, "first.json")
    shelf.run("export", "json", "--library", library, "-o", first)
    empty = os.path.join(scratch, "imported")
    os.makedirs(empty)
    imported = shelf.run("import", "json", first, "--library", empty)
    second = shelf.json("export", "json", "--library", empty) or []
    try:
        with open(first, encoding="utf-8") as f:
            original = json.load(f)
    except (OSError, ValueError):
        return {"exported": 0, "lost": [], "import": imported.stderr.strip()[-300:]}
    back = {b["path"]: b for b in second}
    lost = []
    for book in original:
        again = back.get(book["path"])
        if again is None:
            lost.append((book["path"], "not back"))
            continue
        differing = sorted(k for k in set(book) | set(again) if book.get(k) != again.get(k))
        if body(os.path.join(library, book["path"])) != body(os.path.join(empty, book["path"])):
            differing.append("body bytes")
        if differing:
            lost.append((book["path"], ", ".join(differing)))
    return {"exported": len(original), "back": len(second), "lost": lost,
            "import": (imported.stdout + imported.stderr).strip().split("\n")[-1][:300]}
