#!/usr/bin/env bash
# Wall time of `mactl lint` on a freshly scaffolded 'tabs' app, release build.
# Prints each run's time and the median. Usage: Benchmarks/lint-scaffold.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-21}"
swift build -c release --product mactl >/dev/null
mactl="$(swift build -c release --show-bin-path)/mactl"
app="$(mktemp -d)/bench-app"
trap 'rm -rf "$(dirname "$app")"' EXIT
"$mactl" new "$app" >/dev/null
"$mactl" lint "$app" >/dev/null  # warm the file cache
times=()
for _ in $(seq "$runs"); do
  start=$(date +%s%N)
  "$mactl" lint "$app" >/dev/null
  end=$(date +%s%N)
  times+=($(( (end - start) / 1000 )))
done
sorted=($(printf '%s\n' "${times[@]}" | sort -n))
median=${sorted[$(( runs / 2 ))]}
echo "mactl lint on the scaffolded 'tabs' app ($(find "$app" -type f | wc -l) files), $runs runs, release build"
echo "median ${median} µs, min ${sorted[0]} µs, max ${sorted[$(( runs - 1 ))]} µs"
