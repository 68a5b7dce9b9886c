# The two entry points the README promises. Both install what is missing first.
DEMO_DIR := .build/demo-app

.PHONY: demo test setup build generate fuzz

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

test: setup
	swift build --build-tests
	swift test
	scripts/plugin-test.sh

# Rewrite docs/rules.md and the embedded templates after changing rules or Templates/.
generate:
	swift run mactl-generate

# Fuzz every parser with libFuzzer and AddressSanitizer; FUZZ_SECONDS per target.
FUZZ_SECONDS ?= 60
fuzz:
	scripts/fuzz.sh --seconds $(FUZZ_SECONDS)
