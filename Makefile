# shelf — the two commands of the quick start are `make demo` and `make test`.
SWIFT ?= swift
PREFIX ?= /usr/local
RELEASE_BIN := .build/release/shelf
# shelf's network module, loaded on the first lookup (docs/architecture.md says why).
RELEASE_HTTP := .build/release/libShelfHTTP.so
# The web UI's program, which `shelf serve` runs (kept apart so no other command loads a server).
RELEASE_SERVE := .build/release/shelf-serve

MANDIR ?= $(PREFIX)/share/man/man1
# How long `make test` fuzzes the document reader and the query parser (scripts/fuzz.sh).
FUZZ_SECONDS ?= 20

.PHONY: demo test bench install man setup build release release-serve clean format format-check public-docs-check

# Installs libyaml, libcurl and zlib headers, and libsqlite3, when they are missing (Debian/Ubuntu), as root or via sudo.
setup:
	@if ! pkg-config --exists yaml-0.1 2>/dev/null; then \
		echo "Installing libyaml-dev and libcurl4-openssl-dev (and pkg-config)…"; \
		if [ "$$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi; \
		$$SUDO apt-get update -qq && \
		$$SUDO apt-get install -y -qq pkg-config libyaml-dev libcurl4-openssl-dev >/dev/null; \
	fi
	@# shelf serve compresses its pages with zlib.
	@if ! pkg-config --exists zlib 2>/dev/null; then \
		echo "Installing zlib1g-dev (shelf serve compresses its pages)…"; \
		if [ "$$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi; \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq pkg-config zlib1g-dev >/dev/null; \
	fi
	@# shelf loads libsqlite3 (with dlopen) to read Kobo and KOReader databases.
	@if ! ldconfig -p 2>/dev/null | grep -q 'libsqlite3\.so\.0'; then \
		echo "Installing libsqlite3-0 (to read Kobo and KOReader highlights)…"; \
		if [ "$$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi; \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq libsqlite3-0 >/dev/null; \
	fi

build: setup
	$(SWIFT) build

# The binary and, beside it, the network module it loads for lookups (`shelf` does not link it).
# The release binary links the Swift runtime and Foundation statically: the dynamic loader then
# has a few libraries to map instead of twenty, which halves the start-up of every command
# (docs/performance.md). The network module stays a shared library, loaded only by lookups, so
# it is built apart (a static runtime cannot go into a shared library) and put beside shelf.
RELEASE_FLAGS := -c release --static-swift-stdlib

release: setup
	$(SWIFT) build $(RELEASE_FLAGS) --product shelf
	$(SWIFT) build -c release --scratch-path .build-http --product ShelfHTTP
	cp .build-http/release/libShelfHTTP.so $(RELEASE_HTTP)

demo: release
	@echo "\$$ shelf --library example-library          # the dashboard"
	@$(RELEASE_BIN) --library example-library --no-pager
	@echo
	@echo "\$$ shelf --library example-library ls --tag sci-fi"
	@$(RELEASE_BIN) --library example-library ls --tag sci-fi
	@echo
	@echo "\$$ shelf --library example-library ls --status reading --sort started"
	@$(RELEASE_BIN) --library example-library ls --status reading --sort started
	@echo
	@echo "\$$ shelf --library example-library search estraven"
	@$(RELEASE_BIN) --library example-library search estraven --no-pager
	@echo
	@echo "\$$ shelf --library example-library show \"left hand of darkness\""
	@$(RELEASE_BIN) --library example-library show "left hand of darkness"

# The layout of every Swift file is swift-format's, with the settings in .swift-format (the
# toolchain's own `swift format`). `make format` rewrites the files in place; `make format-check`
# fails, naming file, line and what to change, when one is not so laid out (a few seconds).
SWIFT_FORMAT_PATHS := Sources Tests

format:
	$(SWIFT) format format --in-place --parallel --recursive --configuration .swift-format $(SWIFT_FORMAT_PATHS)

format-check:
	$(SWIFT) format lint --strict --parallel --recursive --configuration .swift-format $(SWIFT_FORMAT_PATHS)

# Every public declaration of ShelfKit and ShelfPresentation says what it is in a /// comment, and
# every public type is in docs/architecture.md's list (its "Public API"); this names any that is
# not and fails (reads the sources only, well under a second).
public-docs-check:
	./scripts/check-public-docs.sh
	./scripts/public-surface.sh --check

test: setup format-check public-docs-check
	@# The HTML catalog's test opens it in headless Chromium; install Debian's package when missing.
	@if ! command -v chromium >/dev/null 2>&1; then \
		echo "Installing chromium (for the HTML catalog's browser test)…"; \
		if [ "$$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi; \
		{ $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium >/dev/null; } || echo "chromium could not be installed; the browser test will be skipped"; \
	fi
	@# shelf serve reads barcodes with zbar's zbarimg; its test decodes a barcode photo.
	@if ! command -v zbarimg >/dev/null 2>&1; then \
		echo "Installing zbar-tools (for shelf serve's barcode scanning)…"; \
		if [ "$$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi; \
		{ $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq zbar-tools >/dev/null; } || echo "zbar-tools could not be installed; the scan test will be skipped"; \
	fi
	@# shelf serve makes the grid's thumbnails with libvips' vipsthumbnail when it is installed.
	@if ! command -v vipsthumbnail >/dev/null 2>&1; then \
		echo "Installing libvips-tools (for shelf serve's cover thumbnails)…"; \
		if [ "$$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi; \
		{ $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq libvips-tools >/dev/null; } || echo "libvips-tools could not be installed; the thumbnail test will be skipped"; \
	fi
	@# shelf serve's click-through test drives Chromium with WebDriver: Debian's chromedriver,
	@# and Python's selenium in a virtual environment under .build (nothing installed system-wide).
	@if ! command -v chromedriver >/dev/null 2>&1; then \
		echo "Installing chromium-driver (for shelf serve's click-through browser test)…"; \
		if [ "$$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi; \
		{ $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium-driver >/dev/null; } || echo "!!! chromium-driver could not be installed: THE CLICK-THROUGH BROWSER TEST WILL BE SKIPPED !!!"; \
	fi
	@if ! .build/browser-venv/bin/python3 -c 'import selenium' >/dev/null 2>&1; then \
		echo "Installing selenium into .build/browser-venv (for shelf serve's click-through browser test)…"; \
		if ! python3 -c 'import ensurepip' >/dev/null 2>&1; then \
			echo "Installing python3-venv (to make that virtual environment)…"; \
			if [ "$$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi; \
			$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq python3-venv >/dev/null; \
		fi; \
		rm -rf .build/browser-venv; \
		{ python3 -m venv .build/browser-venv && .build/browser-venv/bin/pip install -q selenium; } || echo "!!! selenium could not be installed: THE CLICK-THROUGH BROWSER TEST WILL BE SKIPPED !!!"; \
	fi
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel
	FUZZ_SECONDS=$(FUZZ_SECONDS) ./scripts/fuzz.sh

bench: release release-serve
	./scripts/bench.sh

# The binary, its network module (in lib/shelf/, where shelf looks for it), the man page, and
# completion scripts for bash, zsh and fish.
# Built only for install: the demo and the tests do not need a release build of the server.
release-serve: setup
	$(SWIFT) build $(RELEASE_FLAGS) --product shelf-serve

install: release release-serve
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/shelf $(DESTDIR)$(MANDIR) \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/shelf
	install -m 755 $(RELEASE_HTTP) $(DESTDIR)$(PREFIX)/lib/shelf/libShelfHTTP.so
	install -m 755 $(RELEASE_SERVE) $(DESTDIR)$(PREFIX)/lib/shelf/shelf-serve
	install -m 644 docs/shelf.1 $(DESTDIR)$(MANDIR)/shelf.1
	$(RELEASE_BIN) --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/shelf
	$(RELEASE_BIN) --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_shelf
	$(RELEASE_BIN) --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/shelf.fish

# Regenerates docs/shelf.1 from the command definitions (swift-argument-parser's generate-manual),
# with the query guide (docs/query.md) as a section; and embeds docs/query.md in the binary for
# `shelf help query` (a test checks that both are current).
# The page is made by swift-argument-parser's generate-manual from a debug build of shelf (the
# package plugin would build every product in release, the web server's TLS included).
man: setup
	./scripts/embed-query-guide.sh
	$(SWIFT) build --product shelf
	cd .build/checkouts/swift-argument-parser && $(SWIFT) build --product generate-manual --scratch-path ../../generate-manual
	mkdir -p .build/man
	.build/generate-manual/debug/generate-manual .build/debug/shelf --authors "the shelf developers" -o .build/man
	./scripts/man-page.sh .build/man/shelf.1

clean:
	rm -rf .build
