# Turns docs/query.md into a section of the man page (mdoc, as generate-manual writes it), for
# scripts/man-page.sh: the man page carries the query guide itself, as `shelf help query` does.
function inline(text) {
    gsub(/\\/, "\\e", text)
    while (match(text, /`[^`]+`/)) text = substr(text, 1, RSTART - 1) "\\fB" substr(text, RSTART + 1, RLENGTH - 2) "\\fR" substr(text, RSTART + RLENGTH)
    while (match(text, /\*\*[^*]+\*\*/)) text = substr(text, 1, RSTART - 1) "\\fB" substr(text, RSTART + 2, RLENGTH - 4) "\\fR" substr(text, RSTART + RLENGTH)
    while (match(text, /\*[^* ][^*]*\*/)) text = substr(text, 1, RSTART - 1) "\\fI" substr(text, RSTART + 1, RLENGTH - 2) "\\fR" substr(text, RSTART + RLENGTH)
    if (text ~ /^[.']/) text = "\\&" text
    return text
}
function literal(text) {
    gsub(/\\/, "\\e", text)
    if (text ~ /^[.']/) text = "\\&" text
    return text
}
function close_blocks() {
    if (table) { print ".Ed"; table = 0 }
    if (list) { print ".El"; list = 0 }
}
BEGIN { print ".Sh \"QUERY LANGUAGE\""; code = 0; table = 0; list = 0 }
/^```/ { if (code) { print ".Ed"; code = 0 } else { close_blocks(); print ".Bd -literal -offset indent"; code = 1 }; next }
code { print literal($0); next }
/^# / { next }
/^##+ / { close_blocks(); sub(/^##+ /, ""); print ".Ss \"" $0 "\""; next }
/^\|/ {
    if ($0 ~ /^\| *---/) next
    if (list) { print ".El"; list = 0 }
    if (!table) { print ".Bd -unfilled -offset indent"; table = 1 }
    row = $0; sub(/^\| */, "", row); sub(/ *\|$/, "", row); gsub(/ *\| */, "\001", row)
    row = inline(row); gsub(/\001/, "  \\(em  ", row)
    print row; next
}
table { print ".Ed"; table = 0 }
/^- / { if (!list) { print ".Bl -bullet -width 2n"; list = 1 }; sub(/^- /, ""); print ".It"; print inline($0); next }
/^  +[^ ]/ { sub(/^ +/, ""); print inline($0); next }
/^$/ { if (list) { print ".El"; list = 0 }; print ".Pp"; next }
{ print inline($0) }
END { close_blocks(); if (code) print ".Ed" }
