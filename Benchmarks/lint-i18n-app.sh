#!/usr/bin/env bash
# Wall time of `mactl lint` (release) on a generated app with 12 locales of 1,500 keys and
# 120 SVG icons (each parsed and rendered at 24 and 48 px). Usage: Benchmarks/lint-i18n-app.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-11}"
swift build -c release --product mactl >/dev/null
mactl="$(swift build -c release --show-bin-path)/mactl"
app="$(mktemp -d)/i18n-app"
trap 'rm -rf "$(dirname "$app")"' EXIT
python3 Benchmarks/make-i18n-app.py "$app" 12 1500 120
"$mactl" lint "$app" >/dev/null  # must be clean, and warms the file cache
times=()
for _ in $(seq "$runs"); do
  start=$(date +%s%N)
  "$mactl" lint "$app" >/dev/null
  end=$(date +%s%N)
  times+=($(( (end - start) / 1000000 )))
done
sorted=($(printf '%s\n' "${times[@]}" | sort -n))
echo "app: 12 locales x 1500 keys, 120 icons, 10 pages; $(nproc) cores; $runs runs, release build"
echo "mactl lint: median ${sorted[$(( runs / 2 ))]} ms, min ${sorted[0]} ms, max ${sorted[$(( runs - 1 ))]} ms"
