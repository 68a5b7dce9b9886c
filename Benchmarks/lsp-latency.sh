#!/usr/bin/env bash
# `mactl lsp` on the generated 200-page app (release build): the time from a change of one
# page to its diagnostics (Benchmarks/lsp-latency.py), against a whole `mactl lint --no-cache`
# of the same app in the same run, which is what a tool without a server pays on each change.
# Usage: Benchmarks/lsp-latency.sh [PAGES] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
pages="${1:-200}"
runs="${2:-21}"
source Benchmarks/large-app.sh

source Benchmarks/timing.sh
lint_ms=$(time_runs "$mactl" lint --no-cache "$app" | median)
echo "app: $pages pages; $(nproc) cores"
python3 Benchmarks/lsp-latency.py "$mactl" "$app" pages/p5/p5.html "$runs" | tee "$app.lsp"
echo "mactl lint --no-cache: ${lint_ms} ms (median of $runs)"
median_ms=$(sed -n 's/.*median \([0-9]*\) ms.*/\1/p' "$app.lsp")
awk -v a="$median_ms" -v b="$lint_ms" 'BEGIN { printf "ratio, change to diagnostics / whole lint: %.2f\n", a / b }'
