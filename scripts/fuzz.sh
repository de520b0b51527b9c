#!/usr/bin/env bash
# Fuzzes ShelfKit's readers with libFuzzer for a bounded time: the book document reader, the
# model, a few front matter edits, and the query parser (Fuzz/Sources/shelf-fuzz).
#
#   scripts/fuzz.sh                    # 30 seconds
#   FUZZ_SECONDS=600 scripts/fuzz.sh   # longer
#
# Environment:
#   FUZZ_SECONDS   how long to fuzz (default 30)
#   FUZZ_MAX_LEN   the largest input tried, in bytes (default 4096)
#   FUZZ_WORK      where the growing corpus and any crashing inputs go (default .build-fuzz/work,
#                  git-ignored); the committed seeds in Fuzz/corpus/ are only read
#   FUZZ_DETECT_LEAKS  1 to fail on memory leaks too (default 0: swift-corelibs-foundation's
#                  NSRegularExpression leaks 544 bytes for every invalid pattern, which a query
#                  such as `title:/[/` hits, and LeakSanitizer would stop every run there)
#   SWIFT          the swift command (default swift)
#
# A crash, a sanitizer report, a hang of more than 10 s or more than 2 GB of memory fails the
# run; libFuzzer prints the input's file name (crash-*, timeout-*, oom-*) under $FUZZ_WORK.
# Reproduce one with: .build-fuzz/release/shelf-fuzz <that file>
set -euo pipefail

cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
SECONDS_TO_RUN=${FUZZ_SECONDS:-30}
MAX_LEN=${FUZZ_MAX_LEN:-4096}
WORK=${FUZZ_WORK:-.build-fuzz/work}
DETECT_LEAKS=${FUZZ_DETECT_LEAKS:-0}
# libFuzzer's -detect_leaks covers each input; AddressSanitizer also checks at exit.
export ASAN_OPTIONS="detect_leaks=${DETECT_LEAKS}${ASAN_OPTIONS:+:$ASAN_OPTIONS}"

# -enable-testing: the fuzzer drives ShelfKit's internals (the document reader, the editor),
# which are not public API (`@testable import`).
echo "fuzz: building Fuzz/ with -sanitize=fuzzer,address" >&2
"$SWIFT" build -c release --package-path Fuzz --scratch-path .build-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -enable-testing
BINARY=$("$SWIFT" build -c release --package-path Fuzz --scratch-path .build-fuzz --show-bin-path)/shelf-fuzz

mkdir -p "$WORK/corpus" "$WORK/artifacts"
echo "fuzz: running for ${SECONDS_TO_RUN}s (inputs up to ${MAX_LEN} bytes)" >&2
# The first corpus folder receives new inputs; Fuzz/corpus/ only seeds it.
"$BINARY" "$WORK/corpus" Fuzz/corpus \
    -max_total_time="$SECONDS_TO_RUN" \
    -max_len="$MAX_LEN" \
    -timeout=10 \
    -rss_limit_mb=2048 \
    -detect_leaks="$DETECT_LEAKS" \
    -print_final_stats=1 \
    -artifact_prefix="$WORK/artifacts/"
echo "fuzz: no crash in ${SECONDS_TO_RUN}s" >&2
