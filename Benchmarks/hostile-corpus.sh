#!/usr/bin/env bash
# How long mactl takes on the hostile corpus (release build), with hyperfine: every archive
# through `verify`, every project through `lint`, and a 1 GiB sparse file through `verify`.
# The tests assert what each input gives and bound memory; time is measured here.
# Usage: Benchmarks/hostile-corpus.sh [RUNS]   (needs hyperfine: apt-get install hyperfine)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
if ! command -v hyperfine >/dev/null 2>&1; then
  echo "hostile-corpus: hyperfine is not installed; apt-get install hyperfine" >&2
  exit 2
fi
swift build -c release --product mactl >/dev/null
mactl="$(swift build -c release --show-bin-path)/mactl"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
truncate -s 1G "$work/sparse-1-gib.ma"
commands=()
for archive in Tests/Fixtures/hostile/archives/*.ma "$work/sparse-1-gib.ma"; do
  commands+=("$mactl verify $archive")
done
for project in Tests/Fixtures/hostile/projects/*/; do
  commands+=("$mactl lint $project")
done
hyperfine --runs "$runs" --ignore-failure --style basic --export-markdown "$work/times.md" "${commands[@]}" >/dev/null
cat "$work/times.md"
