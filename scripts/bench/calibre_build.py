"""Builds a calibre library holding the books of a shelf library, in one process.

    BENCH_CALIBRE_BOOKS=books.json BENCH_CALIBRE_LIBRARY=DIR calibre-debug -e calibre_build.py

books.json is `shelf ls --format json` of the library. Each book becomes a calibre entry with its
title, authors, tags, ISBN, publisher and rating (no formats: the benchmark only lists). All
entries go through calibre's own database API (`Cache.add_books`) in one transaction, with
SQLite's synchronous mode off: 10,000 books take seconds, where `calibredb add --empty` per book
(a process and a commit each) would take hours.
"""

import json
import os
import sys
import time

from calibre.ebooks.metadata.book.base import Metadata
from calibre.library import db

source = os.environ["BENCH_CALIBRE_BOOKS"]
target = os.environ["BENCH_CALIBRE_LIBRARY"]
with open(source, encoding="utf-8") as f:
    books = json.load(f)

start = time.time()
cache = db(target).new_api
cache.backend.execute("PRAGMA synchronous=OFF")
entries = []
for book in books:
    mi = Metadata(book["title"], book.get("authors") or ["Unknown"])
    mi.tags = book.get("tags", [])
    if book.get("isbn"):
        mi.isbn = book["isbn"]
    if book.get("publisher"):
        mi.publisher = book["publisher"]
    if book.get("rating"):
        mi.rating = book["rating"] * 2  # calibre stores half-stars: 0–10
    entries.append((mi, {}))
with cache.backend.conn:
    ids, _ = cache.add_books(entries, add_duplicates=True, apply_import_tags=False)
print(f"calibre_build.py: {len(ids)} books into {target} in {time.time() - start:.1f} s", file=sys.stderr)
