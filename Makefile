# The two entry points the README promises. Both install what is missing first.
DEMO_DIR := .build/demo-app

.PHONY: demo test setup build generate

setup:
	@scripts/setup.sh

build: setup
	swift build

# Scaffold an example app from the 'tabs' template and lint it.
demo: build
	rm -rf $(DEMO_DIR)
	.build/debug/mactl new $(DEMO_DIR) --name Demo --app-id org.example.demo
	.build/debug/mactl lint $(DEMO_DIR)

test: setup
	swift build --build-tests
	swift test

# Rewrite docs/rules.md and the embedded templates after changing rules or Templates/.
generate:
	swift run mactl-generate
