#!/bin/sh
# Measures how shelf reads folders of book notes written by others (docs/vaults.md, "Measured").
#
#   scripts/vault-survey.sh CORPUS [SHELF]
#
# CORPUS holds one folder per owner (the Markdown notes only); SHELF is the binary to measure
# (default .build/debug/shelf). Each folder is copied to a temporary folder first: nothing in
# CORPUS is ever written. For each folder it prints the books `ls` lists with no shelf.yaml,
# the keys `detect --write` declared that no file uses (the target is 0), the complaints of
# `check` after `detect --write` (and how many are mixed-vocabulary), and what `detect --write`
# added to shelf.yaml. Nothing it reads or writes is committed.
set -eu
corpus=${1:?usage: scripts/vault-survey.sh CORPUS [SHELF]}
shelf=$(cd "$(dirname "${2:-.build/debug/shelf}")" && pwd)/$(basename "${2:-.build/debug/shelf}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME="$work/cache"
printf '%-34s %6s %6s %7s %6s %6s  %s\n' folder files listed unused check mixed "detect --write added"
for folder in "$corpus"/*/; do
    name=$(basename "$folder")
    copy="$work/$name"
    cp -R "$folder" "$copy"
    rm -f "$copy/shelf.yaml"
    files=$(find "$copy" -name '*.md' | wc -l | tr -d ' ')
    listed=$("$shelf" ls --format json --library "$copy" 2>/dev/null | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))' || echo "?")
    "$shelf" detect --write --library "$copy" >/dev/null 2>&1 || true
    added=""
    unused=0
    if [ -f "$copy/shelf.yaml" ]; then
        # The `fields:` keys detect declared, and those no note holds as a front-matter key.
        keys=$(awk '/^fields:/{f=1;next} /^[^ ]/{f=0} f&&/^  [a-z_]+: /{sub(/^  [a-z_]+: /,""); gsub(/"/,""); print}' "$copy/shelf.yaml")
        for key in $keys; do
            if ! grep -rqsF --include='*.md' "$key:" "$copy"; then unused=$((unused + 1)); fi
        done
        added=$(awk '/^fields:/{f=1;next} /^[^ ]/{f=0} f{sub(/^  /,""); printf "%s; ", $0}' "$copy/shelf.yaml")
        added="$added$(grep -E '^(post_keys|author_separator|date_style|filename):' "$copy/shelf.yaml" | grep -vF 'filename: "{author}-{title}"' | tr '\n' ' ' || true)"
    fi
    check=$("$shelf" check --format json --library "$copy" 2>/dev/null || true)
    complaints=$(printf '%s' "$check" | python3 -c 'import json,sys
try: print(len(json.load(sys.stdin)))
except Exception: print("?")')
    mixed=$(printf '%s' "$check" | grep -o '"mixed-vocabulary"' | wc -l | tr -d ' ')
    printf '%-34s %6s %6s %7s %6s %6s  %s\n' "$name" "$files" "$listed" "$unused" "$complaints" "$mixed" "${added:-nothing}"
done
