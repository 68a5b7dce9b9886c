#!/usr/bin/env bash
# What SkipMiniApp's iOS tab icon reader and the second rendering add to `mactl lint` (release):
# a generated app with 120 icons linted with every icon as a tab icon, under `--runtime skip`
# (reader, reader's rendering, comparison) and `--runtime w3c` (neither), and the same app with
# 5 tab icons as a real app has. Usage: Benchmarks/lint-icon-app.sh [ICONS] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
icons="${1:-120}"
runs="${2:-11}"
swift build -c release --product mactl >/dev/null
mactl="$(swift build -c release --show-bin-path)/mactl"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/make-icon-app.py "$work/tabs" "$icons"
python3 Benchmarks/make-icon-app.py "$work/all" "$icons" --all-tabs
"$mactl" lint "$work/all" >/dev/null 2>&1 || true  # warms the file cache

source Benchmarks/timing.sh
all_skip=$(time_runs "$mactl" lint --runtime skip "$work/all" | median)
all_w3c=$(time_runs "$mactl" lint --runtime w3c "$work/all" | median)
tabs_skip=$(time_runs "$mactl" lint --runtime skip "$work/tabs" | median)
tabs_w3c=$(time_runs "$mactl" lint --runtime w3c "$work/tabs" | median)
echo "app: $icons icons; $(nproc) cores; median of $runs runs"
echo "every icon a tab icon: skip ${all_skip} ms, w3c ${all_w3c} ms, reader and second render add $((all_skip - all_w3c)) ms ($(( (all_skip - all_w3c) * 1000 / icons )) us per tab icon)"
echo "5 tab icons:           skip ${tabs_skip} ms, w3c ${tabs_w3c} ms"
