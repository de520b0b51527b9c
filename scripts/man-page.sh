#!/bin/sh
# Writes docs/shelf.1: the page swift-argument-parser's generate-manual made from the commands'
# definitions, with the main help's paragraphs (Sources/shelf/Help/ShelfHelp.swift) made into the
# sections a man page has, the query guide (docs/query.md) as a section, and shelf's own exit
# statuses. The main help's paragraphs headed "Settings in shelf.yaml", "Environment", "Files"
# and "Examples" leave the DESCRIPTION and become SETTINGS, ENVIRONMENT, FILES and EXAMPLES; its
# "Exit status" paragraph gives way to the EXIT STATUS section.
# Usage: scripts/man-page.sh GENERATED-PAGE
set -eu
cd "$(dirname "$0")/.."
generated=$1
sections=$(mktemp)
trap 'rm -f "$sections"' EXIT
{
    # DESCRIPTION: its paragraphs as they are, indented lines (tables) kept as laid out, except
    # the paragraphs that are sections of their own, which go to $sections for later.
    awk -v sections="$sections" '
        function close_block() { if (block) { print ".Ed"; block = 0 } }
        /^\.Sh "?(EXIT STATUS|AUTHORS)"?/ { exit }
        /^\.Sh DESCRIPTION/ { description = 1; print; next }
        description && /^\.Bl/ { close_block(); description = 0 }
        !description { print; next }
        /^$/ { close_block(); aside = 0; print; next }
        /^Settings in shelf\.yaml/ { aside = 1; print ".SETTINGS " $0 > sections; next }
        /^Environment/ { aside = 1; print ".ENVIRONMENT " $0 > sections; next }
        /^Files/ { aside = 1; print ".FILES " $0 > sections; next }
        /^Examples/ { aside = 1; print ".EXAMPLES " $0 > sections; next }
        /^Exit status/ { aside = 1; next }
        aside { print > sections; next }
        /^  / { if (!block) { print ".Bd -literal -offset indent"; block = 1 }; sub(/^  /, ""); print; next }
        { close_block(); print }
    ' "$generated" | cat -s
    awk -f scripts/query-roff.awk docs/query.md
    # SETTINGS and EXAMPLES as laid out (EXAMPLES after EXIT STATUS, as man pages order them); ENVIRONMENT and FILES as tagged lists: a line starts an
    # entry (names, two spaces or more, what it is), a deeper line goes on with what it is, and a
    # line of names alone (ending in a comma, or above a deeper line) names one entry with the next.
    sections_awk='
        function flush() {
            if (names == "") return
            gsub(/, */, " , ", names)
            print ".It " macro " " names
            print text
            names = ""; text = ""
        }
        function finish() {
            if (kind == "literal") print ".Ed"
            if (kind == "list") { flush(); print ".El" }
            kind = ""
        }
        /^\.(SETTINGS|ENVIRONMENT|FILES|EXAMPLES) / {
            finish()
            skipping = (($1 == ".EXAMPLES") != examples)
        }
        skipping { next }
        /^\.(SETTINGS|ENVIRONMENT|FILES|EXAMPLES) / {
            name = substr($1, 2)
            print ".Sh " name
            sub(/^\.[A-Z]+ /, "")
            if (name == "SETTINGS") print "The keys of shelf.yaml, in the library folder. All are optional;\n.Ic shelf init\nwrites them commented."
            if (name == "FILES" && index($0, "(") > 0) { note = $0; sub(/^[^(]*\(/, "", note); sub(/\):?$/, "", note); print toupper(substr(note, 1, 1)) substr(note, 2) "." }
            if (name == "SETTINGS" || name == "EXAMPLES") { kind = "literal"; print ".Bd -literal -offset indent" }
            else { kind = "list"; macro = (name == "FILES") ? "Pa" : "Ev"; print ".Bl -tag -width Ds" }
            next
        }
        kind == "literal" { sub(/^  /, ""); print; next }
        kind == "list" {
            line = $0
            sub(/^  /, "", line)
            if (line ~ /^ /) { sub(/^ +/, "", line); text = (text == "") ? line : text " " line; next }
            split_at = match(line, /  +/)
            if (split_at == 0) {
                if (names != "" && text == "" ) { names = names " " line } else { flush(); names = line }
                next
            }
            if (names != "" && text == "" && names ~ /,$/) { names = names " " substr(line, 1, split_at - 1) }
            else { flush(); names = substr(line, 1, split_at - 1) }
            text = substr(line, split_at + RLENGTH)
            next
        }
        END { finish() }
    '
    awk -v examples=0 "$sections_awk" "$sections"
    printf '.Sh "EXIT STATUS"\n.Bl -tag -width 4n\n.It 0\nsuccess\n.It 1\nan error: a book not found, a file shelf cannot read, a problem found by check\n.It 64\na usage error: an unknown command or option, a bad value\n.El\n'
    awk -v examples=1 "$sections_awk" "$sections"
    awk 'found || /^\.Sh "?AUTHORS"?/ { found = 1; print }' "$generated"
} > docs/shelf.1.tmp
mv docs/shelf.1.tmp docs/shelf.1
