#!/bin/sh
# Saves docs/screenshots/*.png: shelf serve's grid, a book page and the dashboard, at desktop and
# phone size, in headless Chromium (Tests/browser/serve_clicks.py), over a copy of
# example-library. Needs a build (`swift build`), chromium, chromedriver and selenium in
# .build/browser-venv (`make test` installs them).
set -eu
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
cp -R example-library "$work/library"
SHELF_TODAY=2026-11-25 .build/debug/shelf serve --library "$work/library" --port 0 > "$work/out" 2>&1 &
server=$!
for _ in $(seq 1 100); do grep -q 'http://' "$work/out" && break; sleep 0.2; done
base=$(grep -o 'http://[^ ]*/' "$work/out" | head -1)
.build/browser-venv/bin/python3 Tests/browser/serve_clicks.py screenshots "$base" docs/screenshots
