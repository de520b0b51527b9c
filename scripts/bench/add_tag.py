"""Adds a tag to every book under a folder, editing the front matter's text in place.

    python3 add_tag.py LIBRARY TAG

For the `tags rename` benchmark (scripts/bench/edits.sh), which needs a tag that every book
carries. Handles the shapes shelf-bench-gen writes: `tags: [a, b]`, `tags: []`, a block list
(`tags:` then `  - a` lines), or no tags key (one is added before the closing `---`). Line
endings (LF or CRLF) are kept. Only ever run on a scratch copy.
"""

import os
import sys


def add_tag(text: str, tag: str) -> str:
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.split(newline)
    if not lines or lines[0] != "---":
        raise ValueError("no front matter")
    end = lines.index("---", 1)
    for i in range(1, end):
        line = lines[i]
        if line.startswith("tags: ["):
            inner = line[len("tags: ["):line.rindex("]")].strip()
            lines[i] = "tags: [" + (inner + ", " if inner else "") + tag + "]"
            return newline.join(lines)
        if line.rstrip() == "tags:":
            j = i + 1
            while j < end and lines[j].lstrip().startswith("- "):
                j += 1
            indent = lines[i + 1][: len(lines[i + 1]) - len(lines[i + 1].lstrip())] if j > i + 1 else "  "
            lines.insert(j, indent + "- " + tag)
            return newline.join(lines)
    lines.insert(end, "tags: [" + tag + "]")
    return newline.join(lines)


def main() -> None:
    root, tag = sys.argv[1], sys.argv[2]
    count = 0
    for folder, _, names in os.walk(root):
        for name in names:
            if not name.endswith(".md"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8", newline="") as f:
                text = f.read()
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(add_tag(text, tag))
            count += 1
    print(f"add_tag.py: tagged {count} books {tag!r} in {root}", file=sys.stderr)


if __name__ == "__main__":
    main()
