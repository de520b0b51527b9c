#!/usr/bin/env python3
"""Writes the tricky front-matter corpus and, for each file, <name>.expected.json: the front
matter as PyYAML (YAML 1.1, yaml.safe_load) reads it, keys sorted, dates as ISO strings.

Files are written as bytes so that CRLF, a BOM and a missing final newline are exact.
Run from anywhere: python3 Tests/ShelfKitTests/Fixtures/make_tricky.py
"""
import datetime
import json
import os
import re

import yaml

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tricky")
BOM = "\ufeff"

FILES = {}

FILES["comments-everywhere.md"] = """---
# A comment before everything
title: The Left Hand of Darkness   # trailing comment
# a comment between keys
authors:   # a comment after a key
  - Ursula K. Le Guin  # the first author
  # a comment inside a list
tags: [sci-fi, classics]  # a flow list, then a comment
status: read # to-read | reading | read | abandoned
rating: 5               # 1–5
notes_url: "http://example.com/#anchor"  # a '#' inside quotes is not a comment
hashtag: C# in depth    
mood: cozy#warm
    # an indented comment
# a comment at the end
---
Body with a # that is not a comment.
"""

FILES["crlf.md"] = """---
title: Dune
authors:
  - Frank Herbert
isbn: "9780441013593"
summary: |
  Spice.
  Worms.
tags: [sci-fi, desert]   # a comment
added: 2023-01-05
---
Notes line one.
Notes line two.
""".replace("\n", "\r\n")

FILES["bom.md"] = BOM + """---
title: Solaris
authors: [Stanisław Lem]
published: 1961
---
Notes after a byte order mark.
"""

FILES["bom-crlf-no-final-newline.md"] = (BOM + """---
title: Roadside Picnic
authors:
  - Arkady Strugatsky
  - Boris Strugatsky   # brothers
status: reading
---
Zone notes.
The last line has no line break.""").replace("\n", "\r\n")

FILES["lists.md"] = """---
title: Lists of every shape
authors:
- Terry Pratchett
- Neil Gaiman
tags: [fantasy, "humour", 'satire']
genres:
  - Fantasy
  -   Comedy     # extra spaces
empty_flow: []
empty_map: {}
nested: [[a, b], [c]]
flow_multiline: [
  one,
  two,
]
mixed:
  - plain
  - "double"
  - 'single'
  - 42
  - [x, y]
  - key: value
    other: 2
---
"""

FILES["block-scalars.md"] = """---
title: Block scalars
summary: |
  First line.
    Indented line.
  Last line.

description: >
  Folded text
  joins lines.

  New paragraph.
strip: |-
  no final newline
keep: |+
  keeps trailing

indented: |2
    two extra spaces
folded_strip: >-
  one
  two
after: done
---
Body.
"""

FILES["anchors-and-aliases.md"] = """---
title: A Wizard of Earthsea
author: &le Ursula K. Le Guin
illustrator: *le
defaults: &defaults
  series: Earthsea
  format: paperback
copies:
  - *defaults
  - {format: ebook}
tags: &t [fantasy, wizards]
also_tags: *t
---
"""

FILES["unicode.md"] = """---
title: ノルウェイの森
original_title: Norwegian Wood
authors: [村上春樹]
translator: Jay Rubin
also_known_as:
  - Норвежский лес
  - الغابة النرويجية
  - नॉर्वेजियन वुड
  - Νορβηγικό δάσος
emoji: 🎧📚 👩‍👩‍👧
tags: [日本文学, "café", "Gödel 🎉"]
note: "Gödel 🎉 ノルウェイ — «quoted»"
---
Notes in 日本語 ✍️.
"""

FILES["unknown-nested-keys.md"] = """---
title: Unknown nested keys
mood: cozy
reread_plan:
  when: winter
  with:
    - tea
    - blanket
  priority: 2
copies:
  - where: home
    format: hardcover
    signed: true
  - where: office
    format: paperback
custom.dotted.key: value
"quoted key": quoted
2021: a year as a key
---
"""

FILES["no-final-newline.md"] = """---
title: No final newline
status: reading
---
The last line has no line break."""

FILES["front-matter-only.md"] = """---
title: Only front matter
rating: 4
---
"""

FILES["closing-at-eof.md"] = """---
title: The closing line is the last line
---"""

FILES["dots-closing.md"] = """---
title: Closed with dots
pages: 120
...
Body after a '...' line.
"""

FILES["dashes-in-body.md"] = """---
title: Dashes in the body
---
Notes.

---

More notes after a rule.
---
title: not front matter
---
"""

FILES["empty-values.md"] = """---
title: Empty values
subtitle:
series:   # no series yet
rating: ~
pages: null
tags: []
isbn: ""
started:
finished: ''
last_empty:
---
"""

FILES["quoted-titles.md"] = """---
title: "Dune: Messiah"
subtitle: 'It''s a trap: part two'
series: 'Colon: inside single quotes'
escaped: "Tab\\there, a quote \\" and \\u00e9"
hash: "No # comment here"
apostrophe: Don't panic
colon_no_space: a:b
multi: "one
  two"
---
"""

FILES["title-1984.md"] = """---
title: "1984"
authors: George Orwell
published: 1949
year_unquoted: 1984
isbn: 9780451524935
pages: 328
rating: 5
answer: "yes"
---
"""

FILES["isbn-leading-zero.md"] = """---
title: The Master and Margarita
isbn: 0802130305
goodreads: "0441478123"
---
"""

# Values a YAML 1.1 reader (PyYAML) types differently from shelf's YAML 1.2 reading.
FILES["yaml11-typing.md"] = """---
title: YAML 1.1 typing
octal: 0123
favorite: yes
switch: off
sexagesimal: 1:30
underscored: 1_000
started: 2023-01-14 10:30:00
plain_true: true
plain_float: 4.0
---
"""

FILES["duplicate-keys.md"] = """---
title: First title
title: Second title
tags: [a]
---
"""


def front_matter_slice(text):
    """The YAML between the opening `---` line and the next `---` or `...` line."""
    if text.startswith(BOM):
        text = text[1:]
    lines = text.splitlines(keepends=True)
    assert lines[0].rstrip("\r\n") == "---", lines[0]
    for index, line in enumerate(lines[1:], start=1):
        if line.rstrip("\r\n") in ("---", "..."):
            return "".join(lines[1:index])
    raise ValueError("unclosed")


def iso(value):
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    raise TypeError(repr(value))


def string_keys(value):
    """JSON keys are strings: PyYAML reads `2021:` as the int 2021; JSON writes it "2021"."""
    if isinstance(value, dict):
        return {str(key): string_keys(item) for key, item in value.items()}
    if isinstance(value, list):
        return [string_keys(item) for item in value]
    return value


def main():
    os.makedirs(HERE, exist_ok=True)
    for name, text in FILES.items():
        data = text.encode("utf-8")
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(data)
        parsed = string_keys(yaml.safe_load(front_matter_slice(data.decode("utf-8"))))
        with open(os.path.join(HERE, re.sub(r"\.md$", "", name) + ".expected.json"), "w") as f:
            json.dump(parsed, f, sort_keys=True, indent=2, ensure_ascii=False, default=iso)
            f.write("\n")
    print("wrote", len(FILES), "files to", HERE)


if __name__ == "__main__":
    main()
