#!/usr/bin/env python3
"""Measures how shelf reads and edits folders of book notes written by others (docs/vaults.md, "Measured").

    scripts/vault-measure.py CORPUS [--shelf BIN] [--role tune|held-out|all] [--noop-limit N] [--json OUT]
                           [--sample N] [--draw N] [--truth FILE]

CORPUS is what scripts/vault-corpus.sh builds: one folder per row of scripts/vault-corpus.tsv, whose
role (tune or held-out) the row gives. Every folder is copied to a temporary folder first and its
shelf.yaml removed: nothing in CORPUS is written. For each folder, and in total, it prints:

  notes      Markdown files in the folder
  listed     books `shelf ls` lists (no shelf.yaml: the inferred vocabulary)
  skipped    notes not listed
  check      complaints of `shelf check`, errors and warnings, by code below the table
  no-op      files whose bytes changed after an edit that changes nothing (target 0): for each
             listed book, `set <book> title=<shown title>`, `authors=` (`authors+=` one of several),
             `status=`, `started=` and `finished=` with the shown values (dates as YYYY-MM-DD),
             `rate <book> <shown rating>` and `tag <book> <a tag it has>`; "refused" counts those
             edits shelf declined (exit 1)
  lost       books whose fields or notes differ after `export json`, `import json` into an empty
             folder and `export json` again, or that do not come back (target 0); vault_edits.py
             makes these edits and the no-op ones
  detect     after `detect --write`: the change in books listed and in complaints, and the books
             whose shown values changed (to be read by hand: better or worse)
  sample     with --sample N, N of the held-out books drawn at random (seed 45), to read by hand
  draw       with --draw N, the notes a truth file is written from: a quota per held-out folder (in
             proportion to its notes, at least one) and its notes in a seeded order (vault_truth.py)
  truth      with --truth FILE, every value of FILE's notes (written by hand: what the file means)
             against `shelf show`: right, shown wrong, not shown, shown though not given; non-books
             listed, books not listed, and the misread share (vault_truth.py)
"""
import argparse
import collections
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

import vault_truth
from vault_edits import no_op_edits, notes_in, round_trip

HERE = os.path.dirname(os.path.abspath(__file__))
COMPARED = ("title", "authors", "status", "rating", "started", "finished", "added", "isbn", "tags",
            "series", "series_index", "published", "publisher", "pages")


def manifest_roles():
    """Maps each corpus folder name (owner-repo) to its row's role and language."""
    roles = {}
    with open(os.path.join(HERE, "vault-corpus.tsv"), encoding="utf-8") as rows:
        for row in rows:
            if row.startswith("#") or not row.strip():
                continue
            repo, _commit, _folder, language, role = row.rstrip("\n").split("\t")[:5]
            roles[repo.replace("/", "-")] = (role, language)
    return roles


class Shelf:
    """Runs the measured binary with its own cache folder."""

    def __init__(self, binary, cache):
        self.binary = binary
        self.env = dict(os.environ, XDG_CACHE_HOME=cache, NO_COLOR="1", SHELF_PAGER="")

    def run(self, *args):
        return subprocess.run([self.binary, *args], capture_output=True, text=True, env=self.env)

    def json(self, *args):
        result = self.run(*args)
        try:
            return json.loads(result.stdout)
        except ValueError:
            return None


def shown(books):
    return {b["path"]: {k: b.get(k) for k in COMPARED} for b in books or []}


def measure(shelf, name, source, scratch, limit, rng):
    library = os.path.join(scratch, name)
    shutil.copytree(source, library, symlinks=True)
    if os.path.exists(os.path.join(library, "shelf.yaml")):
        os.remove(os.path.join(library, "shelf.yaml"))
    notes = len(notes_in(library))
    books = shelf.json("ls", "--format", "json", "--library", library) or []
    check = shelf.json("check", "--format", "json", "--library", library) or []
    codes = collections.Counter(c["code"] for c in check)
    trip_scratch = os.path.join(scratch, name + ".trip")
    os.makedirs(trip_scratch)
    trip = round_trip(shelf, library, trip_scratch)
    noop_copy = os.path.join(scratch, name + ".noop")
    shutil.copytree(library, noop_copy, symlinks=True)
    noop = no_op_edits(shelf, noop_copy, books, limit, rng)
    detected = os.path.join(scratch, name + ".detect")
    shutil.copytree(library, detected, symlinks=True)
    shelf.run("detect", "--write", "--library", detected)
    after_books = shelf.json("ls", "--format", "json", "--library", detected) or []
    after_check = shelf.json("check", "--format", "json", "--library", detected) or []
    before_shown, after_shown = shown(books), shown(after_books)
    value_changes = collections.Counter()
    for path, values in before_shown.items():
        for key, value in values.items():
            if path in after_shown and after_shown[path][key] != value:
                value_changes[key] += 1
    return {"folder": name, "notes": notes, "listed": len(books), "paths": [b["path"] for b in books], "skipped": notes - len(books),
            "check": dict(codes), "errors": sum(1 for c in check if c.get("severity") == "error"),
            "warnings": sum(1 for c in check if c.get("severity") != "error"),
            "noop": noop, "trip": trip,
            "detect": {"listed": len(after_books) - len(books), "check": len(after_check) - len(check),
                       "after_check": dict(collections.Counter(c["code"] for c in after_check)),
                       "values_changed": dict(value_changes),
                       "books_changed": sum(1 for p in before_shown if p in after_shown and before_shown[p] != after_shown[p])}}


def print_table(results, title):
    print(f"\n## {title}\n")
    print(f"{'folder':34} {'notes':>6} {'listed':>6} {'skip':>5} {'errors':>6} {'warn':>5} {'no-op':>6} {'refused':>7} {'lost':>5} {'detect Δlisted/Δcheck/books':>28}")
    total = collections.Counter()
    codes = collections.Counter()
    for r in results:
        changed = sum(r["noop"]["changed"].values()) + r["noop"]["other_files_changed"]
        refused = sum(r["noop"]["refused"].values())
        detect = f"{r['detect']['listed']:+d}/{r['detect']['check']:+d}/{r['detect']['books_changed']}"
        print(f"{r['folder'][:34]:34} {r['notes']:6} {r['listed']:6} {r['skipped']:5} {r['errors']:6} {r['warnings']:5} {changed:6} {refused:7} {len(r['trip']['lost']):5} {detect:>28}")
        total.update(notes=r["notes"], listed=r["listed"], skipped=r["skipped"], errors=r["errors"],
                     warnings=r["warnings"], noop=changed, refused=refused, lost=len(r["trip"]["lost"]))
        codes.update(r["check"])
    print(f"{'total':34} {total['notes']:6} {total['listed']:6} {total['skipped']:5} {total['errors']:6} {total['warnings']:5} {total['noop']:6} {total['refused']:7} {total['lost']:5}")
    print("\ncheck complaints by code: " + ", ".join(f"{c} {n}" for c, n in codes.most_common()))
    for r in results:
        lines = []
        if r["noop"]["touched"]:
            lines.append("  no-op edits that wrote: " + "; ".join(f"{k} {p} {e}".strip() for k, p, e in r["noop"]["touched"][:5]))
        if r["noop"]["refused"]:
            lines.append(f"  refused: {r['noop']['refused']} of {r['noop']['runs']}")
        if r["trip"]["lost"]:
            kinds = collections.Counter(k for _, ks in r["trip"]["lost"] for k in ks.split(", "))
            lines.append(f"  round trip: {len(r['trip']['lost'])} of {r['trip']['exported']} differ ({dict(kinds)}), e.g. {r['trip']['lost'][0]}")
        if r["detect"]["values_changed"]:
            lines.append(f"  detect --write changed: {r['detect']['values_changed']}")
        if lines:
            print(f"\n{r['folder']}:\n" + "\n".join(lines))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus")
    parser.add_argument("--shelf", default=os.path.join(HERE, "..", ".build", "debug", "shelf"))
    parser.add_argument("--role", default="all", choices=("tune", "held-out", "all"))
    parser.add_argument("--noop-limit", type=int, default=None, help="books per folder for the no-op edits")
    parser.add_argument("--json", help="write every figure here too")
    parser.add_argument("--sample", type=int, default=0,
                        help="also print this many held-out books, drawn at random (seed 45), to read by hand")
    parser.add_argument("--draw", type=int, default=0, help="print the seeded draw of N held-out books and exit")
    parser.add_argument("--truth", help="judge the values of this truth file (vault_truth.py) too")
    args = parser.parse_args()
    roles = manifest_roles()
    if args.draw:
        held_out = [n for n in os.listdir(args.corpus) if roles.get(n, ("",))[0] == "held-out"]
        return vault_truth.print_draw(args.corpus, held_out, args.draw)
    names = [n for n in sorted(os.listdir(args.corpus), key=str.lower)
             if args.role == "all" or roles.get(n, ("unlisted",))[0] == args.role]
    truth = vault_truth.read_truth(args.truth) if args.truth else []
    missing = {row["folder"] for row in truth} - set(names)
    if missing:
        sys.exit("vault-measure: the truth file names folders not measured here: " + ", ".join(sorted(missing)))
    rng = random.Random(45)
    results = collections.defaultdict(list)
    with tempfile.TemporaryDirectory() as scratch:
        shelf = Shelf(os.path.abspath(args.shelf), os.path.join(scratch, "cache"))
        for name in names:
            role = roles.get(name, ("unlisted", "?"))[0]
            print(f"measuring {name} ({role})", file=sys.stderr)
            results[role].append(measure(shelf, name, os.path.join(args.corpus, name), scratch, args.noop_limit, rng))
        if truth:
            listed = {r["folder"]: set(r["paths"]) for measured in results.values() for r in measured}
            judged = vault_truth.judge(shelf.json, truth, lambda folder: os.path.join(scratch, folder), listed)
    for role, measured in results.items():
        print_table(measured, role)
    if args.sample and results.get("held-out"):
        books = [f"{r['folder']}/{p}" for r in results["held-out"] for p in r["paths"]]
        print(f"\n## sample of {args.sample} held-out books\n")
        print("\n".join(sorted(random.Random(45).sample(books, min(args.sample, len(books))))))
    if truth:
        vault_truth.print_judgement(judged)
        results["truth"] = judged
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(results, out, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
