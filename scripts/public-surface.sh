#!/bin/sh
# Measures ShelfKit's public API (docs/architecture.md, "Public API"): how many public
# declarations and types it has, and, for each public top-level type, which modules name it
# (shelf, ShelfServe, ShelfHTTP, BenchGenerator; "none" for a type only a public signature
# needs). Reads the sources only; a name is matched as a word, so a comment counts too.
cd "$(dirname "$0")/.." || exit 2
public_lines='^[[:space:]]*(@[A-Za-z]+(\([^)]*\))?[[:space:]]+)*public[[:space:]]'
type_lines='^public[[:space:]]+((final|indirect)[[:space:]]+)?(struct|class|enum|protocol|actor|typealias)[[:space:]]'
echo "public declarations: $(grep -rEh "$public_lines" Sources/ShelfKit | wc -l)"
echo "public top-level types: $(grep -rEh "$type_lines" Sources/ShelfKit | wc -l)"
echo "public nested types: $(grep -rEh '^[[:space:]]+public[[:space:]]+(final[[:space:]]+)?(indirect[[:space:]]+)?(struct|class|enum|protocol|actor|typealias)[[:space:]]' Sources/ShelfKit | wc -l)"
grep -rEh "$type_lines" Sources/ShelfKit |
    sed -E 's/^public[[:space:]]+((final|indirect)[[:space:]]+)?[a-z]+[[:space:]]+([A-Za-z0-9_]+).*/\3/' | sort -u |
    while read -r type; do
        users=""
        for module in shelf ShelfServe ShelfHTTP BenchGenerator; do
            grep -rqw "$type" "Sources/$module" && users="$users $module"
        done
        echo "$type:${users:- none}"
    done
