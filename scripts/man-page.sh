#!/bin/sh
# Writes docs/shelf.1: the page swift-argument-parser's generate-manual made from the commands'
# definitions (its DESCRIPTION is the main help: settings, environment, exit status, examples),
# with the query guide (docs/query.md) as a section and shelf's own exit statuses.
# Usage: scripts/man-page.sh GENERATED-PAGE
set -eu
cd "$(dirname "$0")/.."
generated=$1
{
    # The description's indented lines (tables, examples) keep their layout.
    awk '/^\.Sh "?(EXIT STATUS|AUTHORS)"?/ { exit }
         /^\.Sh DESCRIPTION/ { description = 1 }
         /^\.Bl/ { description = 0 }
         description && /^  / { if (!block) { print ".Bd -literal -offset indent"; block = 1 }; sub(/^  /, ""); print; next }
         block { print ".Ed"; block = 0 }
         { print }' "$generated"
    awk -f scripts/query-roff.awk docs/query.md
    printf '.Sh "EXIT STATUS"\n.Bl -tag -width 4n\n.It 0\nsuccess\n.It 1\nan error: a book not found, a file shelf cannot read, a problem found by check\n.It 64\na usage error: an unknown command or option, a bad value\n.El\n'
    awk 'found || /^\.Sh "?AUTHORS"?/ { found = 1; print }' "$generated"
} > docs/shelf.1.tmp
mv docs/shelf.1.tmp docs/shelf.1
