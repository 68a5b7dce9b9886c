#!/usr/bin/env bash
# Splits the test suite in two, so a contributor gets a fast loop:
#   unit  every test that needs only the Swift build, the system libraries and the small tools
#         of scripts/setup.sh (python3, openssl, zip/unzip, git): `make test-unit`;
#   e2e   the tests that drive headless Chromium (chromedriver), nginx, or curl against a
#         running server: `make test-e2e`, with scripts/plugin-test.sh.
# Each test is in exactly one part: `unit` skips what `e2e` selects, with the same pattern, and
# `check` fails when a pattern below matches no test (a renamed test would otherwise slip into
# the unit part). A missing tool fails its test; nothing here skips it.
# Usage: scripts/test-split.sh unit|e2e|check|list-unit|list-e2e [extra swift test arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

# Test identifiers as `swift test list` prints them, as regular expressions.
e2e=(
  'MactlCLITests\.ServeCommandTests/'                                  # mactl serve in Chromium
  'MactlCLITests\.PackScreenshotsTests/'                               # pack --screenshots: Chromium
  'MactlCLITests\.CatalogCommandTests/aHostUsesOneBaseURLWithNginxAndCatalogServe\('  # nginx, curl
  'MactlCLITests\.CatalogCommandTests/theAPIServesTheFilesAndADownloadResumes\('      # curl
  'MiniAppKitTests\.CatalogServerTests/aServerStartsOnIPv6AndStopsGracefully\('       # curl
  'MactlCLITests\.CatalogHostWalkthroughTests/'                        # docs/catalog/fetch-app.sh: nginx, curl
  'MactlCLITests\.RakutenPlatformTests/'                               # the SDK's client steps: curl, unzip, openssl
  'MactlCLITests\.LanguageServerClientTests/'                          # mactl lsp driven by pygls's LanguageClient
)
pattern="$(IFS='|'; echo "${e2e[*]}")"

listed() { swift test list --skip-build 2>/dev/null | grep -E '^[A-Za-z]+Tests\.'; }

part="${1:-}"
shift || true
case "$part" in
  unit) exec swift test --skip-build --skip "$pattern" "$@" ;;
  e2e) exec swift test --skip-build --filter "$pattern" "$@" ;;
  list-unit) listed | grep -Ev "$pattern" || true ;;
  list-e2e) listed | grep -E "$pattern" || true ;;
  check)
    all="$(listed)"
    total="$(grep -c . <<<"$all" || true)"
    e2e_count="$(grep -Ec "$pattern" <<<"$all" || true)"
    unit_count="$(grep -Evc "$pattern" <<<"$all" || true)"
    for one in "${e2e[@]}"; do
      if ! grep -Eq "$one" <<<"$all"; then
        echo "test-split: the e2e pattern '$one' matches no test; update scripts/test-split.sh" >&2
        exit 1
      fi
    done
    if ((unit_count + e2e_count != total || total == 0)); then
      echo "test-split: $unit_count unit + $e2e_count e2e tests, but $total tests in all" >&2
      exit 1
    fi
    echo "test-split: $total tests: $unit_count unit, $e2e_count e2e"
    ;;
  *)
    echo "usage: scripts/test-split.sh unit|e2e|check|list-unit|list-e2e [swift test arguments]" >&2
    exit 2
    ;;
esac
