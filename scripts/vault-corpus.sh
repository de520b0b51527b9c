#!/bin/sh
# Rebuilds the corpus of public book notes listed in scripts/vault-corpus.tsv (docs/vaults.md, "Measured").
#
#   scripts/vault-corpus.sh MIRROR CORPUS [ROLE]
#
# MIRROR holds one bare git snapshot per repository as MIRROR/<owner>+<name>/repo (what a fetch of
# github:<owner>/<name> brings); CORPUS receives one folder per row, <owner>-<name>/, holding the
# Markdown files of the row's folder at the row's commit, with their paths below that folder (a
# folder such as data/activity/book-* keeps the book-* folders, below data/activity; a folder "."
# is the whole repository, a vault kept at its root). Names are read NUL-separated, so a path keeps
# every script's letters unquoted. With ROLE (tune or held-out), only that role's rows
# are built. Nothing else of the repositories is copied, and nothing of them is committed here.
set -eu
mirror=${1:?usage: scripts/vault-corpus.sh MIRROR CORPUS [ROLE]}
corpus=${2:?usage: scripts/vault-corpus.sh MIRROR CORPUS [ROLE]}
only=${3:-}
manifest=$(dirname "$0")/vault-corpus.tsv
mkdir -p "$corpus"
grep -v '^#' "$manifest" | while IFS="$(printf '\t')" read -r repo commit folder language role shape; do
    if [ -n "$only" ] && [ "$role" != "$only" ]; then continue; fi
    git="$mirror/$(printf '%s' "$repo" | tr / +)/repo"
    into="$corpus/$(printf '%s' "$repo" | tr / -)"
    if ! git --git-dir="$git" cat-file -e "$commit^{commit}" 2>/dev/null; then
        echo "vault-corpus: $repo at $commit is not in $git; fetch it first" >&2
        continue
    fi
    case "$folder" in *\**) base=$(dirname "${folder%%\**}x") ;; *) base=$folder ;; esac
    rm -rf "$into"
    mkdir -p "$into"
    # NUL-separated names, so that no name is quoted (Cyrillic, quotes, backslashes stay as written).
    git --git-dir="$git" ls-tree -r -z --name-only "$commit" -- "$base" | tr '\0' '\n' | while IFS= read -r path; do
        if [ "$folder" = . ]; then
            case "$path" in *.md) relative=$path ;; *) continue ;; esac
        else
            case "$path" in $folder/*.md) ;; *) continue ;; esac
            relative=${path#"$base"/}
        fi
        mkdir -p "$into/$(dirname -- "$relative")"
        git --git-dir="$git" show "$commit:$path" > "$into/$relative"
    done
    printf '%-36s %-8s %-4s %5s notes\n' "$(basename "$into")" "$role" "$language" "$(find "$into" -name '*.md' | wc -l | tr -d ' ')"
done
