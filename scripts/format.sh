#!/usr/bin/env bash
# Formats every Swift file of the repository with the toolchain's `swift format` and the
# committed `.swift-format`; `--check` changes nothing and fails, naming the files, when one
# is not formatted (CI runs it). Fixtures are test data, kept as written; the generated
# files opt out with `// swift-format-ignore-file`.
set -euo pipefail
cd "$(dirname "$0")/.."
files=()
while IFS= read -r file; do files+=("$file"); done < <(git ls-files '*.swift' | grep -v '^Tests/Fixtures/')
if [[ "${1:-}" == "--check" ]]; then
    # `swift format lint --strict` reports each unformatted place as an error with its line.
    swift format lint --strict --parallel "${files[@]}"
else
    swift format --in-place --parallel "${files[@]}"
fi
