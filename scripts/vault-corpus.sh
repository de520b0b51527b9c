#!/bin/sh
# Rebuilds the corpus of public book notes listed in scripts/vault-corpus.tsv (docs/vaults.md, "Measured").
#
#   scripts/vault-corpus.sh MIRROR CORPUS
#
# MIRROR holds one bare git snapshot per repository as MIRROR/<owner>+<name>/repo (what a fetch of
# github:<owner>/<name> brings); CORPUS receives one folder per row, <owner>-<name>/, holding the
# Markdown files of the row's folder at the row's commit, with their paths below that folder (a
# folder such as data/activity/book-* keeps the book-* folders, below data/activity). Nothing else
# of the repositories is copied, and nothing of them is committed here.
set -eu
mirror=${1:?usage: scripts/vault-corpus.sh MIRROR CORPUS}
corpus=${2:?usage: scripts/vault-corpus.sh MIRROR CORPUS}
manifest=$(dirname "$0")/vault-corpus.tsv
mkdir -p "$corpus"
grep -v '^#' "$manifest" | while IFS="$(printf '\t')" read -r repo commit folder language role shape; do
    git="$mirror/$(printf '%s' "$repo" | tr / +)/repo"
    into="$corpus/$(printf '%s' "$repo" | tr / -)"
    if ! git --git-dir="$git" cat-file -e "$commit^{commit}" 2>/dev/null; then
        echo "vault-corpus: $repo at $commit is not in $git; fetch it first" >&2
        continue
    fi
    case "$folder" in *\**) base=$(dirname "${folder%%\**}x") ;; *) base=$folder ;; esac
    rm -rf "$into"
    mkdir -p "$into"
    git --git-dir="$git" ls-tree -r --name-only "$commit" -- "$base" | while IFS= read -r path; do
        case "$path" in $folder/*.md) ;; *) continue ;; esac
        relative=${path#"$base"/}
        mkdir -p "$into/$(dirname "$relative")"
        git --git-dir="$git" show "$commit:$path" > "$into/$relative"
    done
    printf '%-36s %-8s %-4s %5s notes\n' "$(basename "$into")" "$role" "$language" "$(find "$into" -name '*.md' | wc -l | tr -d ' ')"
done
