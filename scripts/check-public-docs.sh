#!/bin/sh
# Lists every public declaration in Sources/ShelfKit and Sources/ShelfPresentation without a doc
# comment (`///` on the line above, attributes aside) and fails when there is one: their public
# API is what the commands and the web UI use, and each piece of it says what it is. Reads the
# sources only.
cd "$(dirname "$0")/.." || exit 2
missing=$(find Sources/ShelfKit Sources/ShelfPresentation -name '*.swift' -print0 | sort -z | xargs -0 awk '
    FNR == 1 { documented = 0 }
    /^[ \t]*\/\/\// { documented = 1; next }
    /^[ \t]*@[A-Za-z]+/ && !/^[ \t]*@[A-Za-z]+(\([^)]*\))?[ \t]+public[ \t]/ { next }
    /^[ \t]*(@[A-Za-z]+(\([^)]*\))?[ \t]+)*public[ \t]/ {
        if (!documented) print FILENAME ":" FNR ": " $0
    }
    { documented = 0 }
')
if [ -n "$missing" ]; then
    echo "$missing"
    echo "check-public-docs: $(echo "$missing" | wc -l) public declarations of ShelfKit and ShelfPresentation have no /// doc comment" >&2
    exit 1
fi
