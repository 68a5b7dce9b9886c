# The two entry points the README promises. Both install what is missing first.
DEMO_DIR := .build/demo-app

.PHONY: demo test test-unit test-e2e setup build generate format fuzz release install uninstall deb

setup:
	@scripts/setup.sh

build: setup
	swift build

# Scaffold an app from the 'tabs' template, lint it and run its tests; then lint, pack and
# verify the showcase app in Examples/, and publish two signed versions of it into a catalog.
# `mactl serve Examples/showcase` previews it in a browser.
demo: build
	rm -rf $(DEMO_DIR)
	.build/debug/mactl new $(DEMO_DIR) --name Demo --app-id org.example.demo
	.build/debug/mactl lint $(DEMO_DIR)
	.build/debug/mactl test $(DEMO_DIR)
	.build/debug/mactl lint Examples/showcase
	.build/debug/mactl pack Examples/showcase -o .build/showcase.ma --report .build/showcase.report.yaml
	.build/debug/mactl verify .build/showcase.ma
	scripts/demo-publish.sh
	@echo "next: .build/debug/mactl serve Examples/showcase   # a live preview in your browser"

# Every test, as CI runs them: the setup first, then both parts below. A tool the e2e tests
# need that is missing fails them; none is skipped.
test: setup
	$(MAKE) test-unit
	$(MAKE) test-e2e

# The fast loop (docs/development.md): the tests that need only the Swift build and the tools
# scripts/setup.sh installed once, without a browser, nginx or the plugin build. No setup run.
test-unit:
	swift build --build-tests
	scripts/test-split.sh check
	scripts/test-split.sh unit

# The rest: headless Chromium, nginx and curl against running servers, then the SwiftPM plugins
# on a package of their own (a second build).
test-e2e:
	swift build --build-tests
	scripts/test-split.sh e2e
	scripts/plugin-test.sh

# Rewrite docs/rules.md and the embedded templates after changing rules or Templates/.
generate:
	swift run mactl-generate

# Format every Swift file with the toolchain's `swift format` and .swift-format; CI runs
# `scripts/format.sh --check`.
format:
	scripts/format.sh

# Fuzz every parser with libFuzzer and AddressSanitizer; FUZZ_SECONDS per target.
FUZZ_SECONDS ?= 60
fuzz:
	scripts/fuzz.sh --seconds $(FUZZ_SECONDS)

# Installing mactl means building it: a release build of the tool with the Swift runtime linked
# in (--static-swift-stdlib), so it runs where no Swift toolchain is; the system libraries it
# uses (libxml2, libzip, JavaScriptCore, librsvg, libcurl, zlib) stay shared.
PREFIX ?= $(HOME)/.local
RELEASE_BUILD := swift build -c release --product mactl --static-swift-stdlib

release: setup
	$(RELEASE_BUILD)

# Into $(PREFIX)/bin (~/.local/bin unless PREFIX is given; DESTDIR for staging).
install: release
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -s -m 0755 "$$($(RELEASE_BUILD) --show-bin-path)/mactl" "$(DESTDIR)$(PREFIX)/bin/mactl"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/mactl"

# .build/deb/mactl_<version>_<arch>.deb, whose Depends are the packages of the libraries the
# binary names (scripts/make-deb.sh); scripts/deb-test.sh installs and tries it.
deb: release
	scripts/make-deb.sh "$$($(RELEASE_BUILD) --show-bin-path)/mactl" .build/deb
