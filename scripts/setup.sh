#!/usr/bin/env bash
# Installs the system packages mactl builds and tests with, when they are missing.
# Called by `make demo`, `make test` and CI; safe to run again (it does nothing then).
set -euo pipefail

packages=(
  libxml2-dev                   # HTML templates and SVG icons
  libzip-dev                    # .ma archives
  zlib1g-dev                    # verify inflates entries itself
  libdeflate-dev                # pack deflates with libdeflate
  libjavascriptcoregtk-4.1-dev  # page scripts
  librsvg2-dev                  # icon rendering
  libcurl4-openssl-dev          # make install and make deb: the Swift runtime linked in (Foundation's networking) links libcurl
  libxml2-utils                 # xmllint, used by tests and benchmarks
  pkg-config                    # SwiftPM finds the libraries through it
  unzip zip openssl             # interop tests
  hyperfine time wrk            # Benchmarks/: medians of runs, peak memory (GNU time), HTTP load
  eslint                        # Benchmarks/speed.sh: the peer lint of the page scripts
  chromium chromium-driver      # mactl serve's tests drive a real browser
  python3-pip                   # fetches Alpine.js from PyPI (scripts/fetch-alpine.sh)
  nginx curl python3-jsonschema # the catalog tests: the same folder served by nginx, fetched by curl, checked against its schemas
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1; then
  echo "setup: swift is not on PATH; install Swift 6.2 or newer first" >&2
  exit 1
fi
# The tests name each rule's test after its id (`manifest-tab-count`), a raw identifier that
# Swift 6.2 brought; mactl itself builds with 6.1.
swift_version=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9]*\)\.\([0-9]*\).*/\1 \2/p' | head -n 1)
if [ -n "$swift_version" ]; then
  read -r major minor <<<"$swift_version"
  if [ "$major" -lt 6 ] || { [ "$major" -eq 6 ] && [ "$minor" -lt 2 ]; }; then
    echo "setup: Swift $major.$minor is too old for the tests; install Swift 6.2 or newer" >&2
    exit 1
  fi
fi

# Alpine.js, which `mactl serve` gives the preview's pages, from its registry package.
"$(dirname "$0")/fetch-alpine.sh"
# The LSP client `mactl lsp`'s tests drive the server with, from its PyPI packages.
"$(dirname "$0")/fetch-lsp-client.sh"
