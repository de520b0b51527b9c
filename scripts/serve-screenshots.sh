#!/bin/sh
# Saves docs/screenshots/*.png: shelf serve's grid, a book page, the stats and the dashboard, at
# desktop and phone size, in headless Chromium (Tests/browser/serve_clicks.py), over a copy of
# example-library (its covers are drawn by scripts/example-covers.py). Needs a build
# (`swift build`), chromium, chromedriver and selenium in .build/browser-venv (`make test`
# installs them; SHELF_BROWSER_PYTHON names another Python with selenium), and libvips' `vips`,
# which stores each screenshot with a palette of 256 colours to keep the repository small.
set -eu
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
cp -R example-library "$work/library"
XDG_CACHE_HOME="$work/cache" SHELF_TODAY=2026-11-25 .build/debug/shelf serve --library "$work/library" --port 0 > "$work/out" 2>&1 &
server=$!
for _ in $(seq 1 100); do grep -q 'http://' "$work/out" && break; sleep 0.2; done
base=$(grep -o 'http://[^ ]*/' "$work/out" | head -1)
"${SHELF_BROWSER_PYTHON:-.build/browser-venv/bin/python3}" Tests/browser/serve_clicks.py screenshots "$base" "$work/shots"
for shot in "$work"/shots/*.png; do
    vips copy "$shot" "docs/screenshots/$(basename "$shot")[palette,compression=9,strip]"
done
