#!/bin/sh
# The public API of ShelfKit and ShelfPresentation (docs/architecture.md, "Public API").
#
#   scripts/public-surface.sh           counts the public declarations and types of each module,
#                                       and lists each public type with the modules that name it
#                                       (shelf, ShelfServe, ShelfHTTP, BenchGenerator; "none" for
#                                       a type only a public signature needs)
#   scripts/public-surface.sh --check   fails when the list of public types in
#                                       docs/architecture.md is not the sources' (make test)
#   scripts/public-surface.sh --update  writes that list from the sources
#
# Reads the sources only; a name is matched as a word, so a comment counts too.
cd "$(dirname "$0")/.." || exit 2
modules="ShelfKit ShelfPresentation"
doc=docs/architecture.md
begin='<!-- public types: written by scripts/public-surface.sh --update, checked by make test -->'
end='<!-- end of public types -->'
public_lines='^[[:space:]]*(@[A-Za-z]+(\([^)]*\))?[[:space:]]+)*public[[:space:]]'
type_lines='^public[[:space:]]+((final|indirect)[[:space:]]+)?(struct|class|enum|protocol|actor|typealias)[[:space:]]'

# "Folder Type" for each public top-level type, the folder as Sources/ names it.
public_types() {
    for module in $modules; do grep -rEH "$type_lines" "Sources/$module"; done |
        sed -E 's#^Sources/(.*)/[^/]*\.swift:public[[:space:]]+((final|indirect)[[:space:]]+)?[a-z]+[[:space:]]+([A-Za-z0-9_]+).*#\1 \4#' |
        sort -u
}

# The list docs/architecture.md holds: one item per folder, its types in backticks, wrapped.
listing() {
    public_types | awk '
        function flush() { if (line != "") print line }
        $1 != folder { flush(); folder = $1; line = "- `" $1 "`: `" $2 "`"; next }
        {
            word = "`" $2 "`"
            if (length(line) + length(word) + 2 > 100) { print line ","; line = "  " word }
            else line = line ", " word
        }
        END { flush() }'
}

documented() {
    awk -v b="$begin" -v e="$end" '$0 == e { inside = 0 } inside { print } $0 == b { inside = 1 }' "$doc"
}

case "$1" in
--check)
    expected=$(mktemp) && written=$(mktemp) || exit 2
    listing > "$expected"
    documented > "$written"
    if ! cmp -s "$expected" "$written"; then
        diff -u "$written" "$expected" | tail -n +3
        rm -f "$expected" "$written"
        echo "public-surface: the public types differ from the list in $doc (- listed, + in the sources):" \
            "make a new type internal unless a program needs it, else run scripts/public-surface.sh --update" >&2
        exit 1
    fi
    rm -f "$expected" "$written"
    exit 0 ;;
--update)
    listed=$(mktemp) || exit 2
    listing > "$listed"
    awk -v b="$begin" -v e="$end" -v listed="$listed" '
        $0 == e { inside = 0 }
        !inside { print }
        $0 == b { inside = 1; while ((getline line < listed) > 0) print line }' "$doc" > "$doc.new" && mv "$doc.new" "$doc"
    rm -f "$listed"
    exit 0 ;;
esac

for module in $modules; do
    echo "$module public declarations: $(grep -rEh "$public_lines" "Sources/$module" | wc -l)"
    echo "$module public top-level types: $(grep -rEh "$type_lines" "Sources/$module" | wc -l)"
    echo "$module public nested types: $(grep -rEh '^[[:space:]]+public[[:space:]]+(final[[:space:]]+)?(indirect[[:space:]]+)?(struct|class|enum|protocol|actor|typealias)[[:space:]]' "Sources/$module" | wc -l)"
done
public_types | while read -r folder type; do
    users=""
    for module in shelf ShelfServe ShelfHTTP BenchGenerator; do
        grep -rqw "$type" "Sources/$module" && users="$users $module"
    done
    echo "$type ($folder):${users:- none}"
done
