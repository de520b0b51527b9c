#!/usr/bin/env python3
"""Draws the example library's covers: one JPEG per book that has been started, read or left,
saved as `shelf cover` and `shelf add` save covers (`covers/<file name>.jpg`, `cover:` set on
the book by `shelf set`, through the same door as every edit). Books still to read keep no
cover, so the web UI shows its drawn one for them.

Nothing is downloaded: each cover is an SVG drawn here (colours and a pattern chosen from the
title's hash, the title and the author set in type) and turned into a JPEG by libvips (`vips`,
Debian's libvips-tools). The output depends only on the books, so running it again gives the
same files.

    scripts/example-covers.py [LIBRARY] [SHELF]   # defaults: example-library, .build/debug/shelf
"""

import hashlib
import os
import re
import subprocess
import sys
import tempfile
import textwrap
from xml.sax.saxutils import escape

WIDTH, HEIGHT = 360, 540  # the thumbnail box of `shelf serve`: no thumbnail is larger
QUALITY = 72
# Pairs of (background, ink) dark and light enough for white or black type to read on them.
PALETTES = [
    ("#1d3557", "#f1c453"), ("#6a040f", "#ffba08"), ("#283618", "#dda15e"), ("#3c096c", "#ff9e00"),
    ("#003049", "#fcbf49"), ("#432818", "#ffe6a7"), ("#0b525b", "#99e2b4"), ("#582f0e", "#ede0d4"),
    ("#14213d", "#e5e5e5"), ("#5f0f40", "#fb8b24"), ("#2b2d42", "#ef233c"), ("#1b4332", "#b7e4c7"),
]
SKIPPED_STATUSES = {"to-read", "want-to-read"}


def front_matter(text):
    match = re.match(r"---\r?\n(.*?)\r?\n---", text, re.S)
    return match.group(1) if match else ""


def field(matter, key):
    match = re.search(rf"^{key}:[ \t]*(.*)$", matter, re.M)
    if not match:
        return ""
    value = re.sub(r"\s+#.*$", "", match.group(1)).strip()
    if len(value) > 1 and value[0] == value[-1] == "'":
        return value[1:-1].replace("''", "'")
    return value.strip("\"'")


def first_author(matter):
    value = field(matter, "authors") or field(matter, "author")
    if value.startswith("["):
        return value.strip("[]").split(",")[0].strip().strip("\"'")
    if value:
        return value
    match = re.search(r"^authors?:\s*\n\s*-\s*(.+)$", matter, re.M)
    return match.group(1).strip().strip("\"'") if match else ""


def pattern(kind, ink, rng):
    """The picture above the title: one of four flat motifs, placed by the hash's bytes."""
    shapes = []
    if kind == 0:  # a sun over a horizon
        cx, r = 80 + rng[0] % 200, 60 + rng[1] % 50
        shapes.append(f'<circle cx="{cx}" cy="190" r="{r}" fill="{ink}"/>')
        shapes.append(f'<rect x="0" y="{215 + rng[2] % 30}" width="{WIDTH}" height="80" fill="#000" opacity=".35"/>')
    elif kind == 1:  # bands
        for i in range(5):
            y = 60 + i * 44
            shapes.append(f'<rect x="0" y="{y}" width="{WIDTH}" height="{10 + rng[i] % 20}" fill="{ink}" '
                          f'opacity="{0.35 + (rng[i + 5] % 60) / 100:.2f}"/>')
    elif kind == 2:  # a grid of dots
        for row in range(5):
            for col in range(6):
                if rng[(row * 6 + col) % 20] % 3:
                    shapes.append(f'<circle cx="{40 + col * 56}" cy="{70 + row * 48}" r="{6 + rng[row] % 10}" fill="{ink}"/>')
    else:  # mountains
        peaks = " ".join(f"{x},{300 - (rng[i] % 170)}" for i, x in enumerate(range(0, WIDTH + 60, 60)))
        shapes.append(f'<polygon points="0,300 {peaks} {WIDTH},300" fill="{ink}" opacity=".85"/>')
    return "\n".join(shapes)


def svg(title, author):
    digest = hashlib.sha256(title.encode()).digest()
    background, ink = PALETTES[digest[0] % len(PALETTES)]
    picture = pattern(digest[1] % 4, ink, digest[2:])
    lines = textwrap.wrap(title, 16)[:4]
    size = 36 if max(len(line) for line in lines) <= 12 else 30
    top = 350 if len(lines) < 3 else 330
    title_text = "".join(
        f'<text x="{WIDTH / 2}" y="{top + i * (size + 6)}" font-size="{size}">{escape(line)}</text>'
        for i, line in enumerate(lines))
    return f"""<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}">
<rect width="{WIDTH}" height="{HEIGHT}" fill="{background}"/>
{picture}
<g fill="#fff" text-anchor="middle" font-family="DejaVu Serif" font-weight="bold">{title_text}</g>
<rect x="60" y="480" width="{WIDTH - 120}" height="2" fill="{ink}"/>
<text x="{WIDTH / 2}" y="512" fill="#fff" text-anchor="middle" font-family="DejaVu Sans" font-size="18">{escape(author)}</text>
</svg>"""


def main():
    library = sys.argv[1] if len(sys.argv) > 1 else "example-library"
    shelf = sys.argv[2] if len(sys.argv) > 2 else ".build/debug/shelf"
    os.makedirs(os.path.join(library, "covers"), exist_ok=True)
    drawn = 0
    with tempfile.TemporaryDirectory() as work:
        for folder, _, names in sorted(os.walk(library)):
            for name in sorted(names):
                if not name.endswith(".md"):
                    continue
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    matter = front_matter(f.read())
                title, status = field(matter, "title"), field(matter, "status")
                if not title or status in SKIPPED_STATUSES:
                    continue
                relative = "covers/" + name[:-3] + ".jpg"
                source = os.path.join(work, name[:-3] + ".svg")
                with open(source, "w", encoding="utf-8") as f:
                    f.write(svg(title, first_author(matter)))
                subprocess.run(["vips", "copy", source, os.path.join(library, relative) + f"[Q={QUALITY},strip]"], check=True)
                if field(matter, "cover") != relative:
                    book = os.path.relpath(path, library)
                    subprocess.run([shelf, "--library", library, "set", book, f"cover={relative}"], check=True,
                                   stdout=subprocess.DEVNULL)
                drawn += 1
    print(f"drew {drawn} covers into {library}/covers")


if __name__ == "__main__":
    main()
