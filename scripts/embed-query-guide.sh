#!/bin/sh
# Writes Sources/shelf/Help/QueryGuide+Text.swift from docs/query.md, so that `shelf help query`
# prints the page itself: docs/query.md is the one place the guide is written (a test compares them).
set -eu
cd "$(dirname "$0")/.."
out=Sources/shelf/Help/QueryGuide+Text.swift
mkdir -p Sources/shelf/Help
{
    echo "// Generated from docs/query.md by scripts/embed-query-guide.sh (make man); do not edit."
    echo "extension QueryGuide {"
    echo "    /// docs/query.md, word for word."
    echo "    static let text = #\"\"\""
    sed 's/^/        /; s/^        $//' docs/query.md
    echo "        \"\"\"#"
    echo "}"
} > "$out.tmp"
mv "$out.tmp" "$out"
