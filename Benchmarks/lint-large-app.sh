#!/usr/bin/env bash
# Wall time of `mactl lint` (release) on a generated 200-page app, against a bare
# `xmllint --html --noout` of the same templates. Usage: Benchmarks/lint-large-app.sh [PAGES] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
pages="${1:-200}"
runs="${2:-11}"
source Benchmarks/large-app.sh

source Benchmarks/timing.sh
mactl_ms=$(time_runs "$mactl" lint "$app" | median)
xmllint_ms=$(time_runs sh -c "xmllint --html --noout $app/pages/*/*.html" | median)
elements=$(cat "$app"/pages/p0/p0.html | grep -o '<[a-z]' | wc -l)
echo "app: $pages pages, ~$elements elements per template, 8 handlers per script; $(nproc) cores; median of $runs runs"
echo "mactl lint:            ${mactl_ms} ms"
echo "xmllint --html --noout: ${xmllint_ms} ms"
awk -v a="$mactl_ms" -v b="$xmllint_ms" 'BEGIN { printf "ratio: %.2fx\n", a / b }'
