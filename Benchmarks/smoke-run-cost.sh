#!/usr/bin/env bash
# What lint's smoke run adds (issue 40's bound: at most 25 %): `mactl lint --no-cache` of each
# benchmark app with the run rules off (a .mactl.yml turning the eight `run-*` rules off, so
# the run never starts) and on, median of RUNS runs, and the ratio. The apps: the generated
# 200-page app (make-large-app.py), the speed app (make-speed-app.py), a fresh scaffold and
# Examples/showcase. Usage: Benchmarks/smoke-run-cost.sh [RUNS]; MACTL=path times that binary.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-11}"
case "$runs" in '' | *[!0-9]* | 0) echo "smoke-run-cost: RUNS must be a positive number, found '$runs'" >&2; exit 2 ;; esac
. Benchmarks/mactl-binary.sh smoke-run-cost
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/make-large-app.py "$work/large-app" 200 >/dev/null
python3 Benchmarks/make-speed-app.py "$work/speed-app" >/dev/null
"$mactl" new "$work/scaffold" >/dev/null
cp -R Examples/showcase "$work/showcase"

source Benchmarks/timing.sh
run_rules="run-exception run-ignored-call run-crash-on-ios run-setdata-misrouted run-data-changed-by-copy run-interval-outlives-page run-navigation-overridden run-timeout"
# The app's own configuration with the run rules turned off under its `rules:` (added when it
# has none), so the two lints differ by the smoke run only.
turn_run_rules_off() {
  local config="$1/.mactl.yml" lines=""
  for rule in $run_rules; do lines="$lines  $rule: off\n"; done
  if [ -f "$config" ] && grep -q '^rules:' "$config"; then
    sed -i "s/^rules:\$/rules:\n${lines%\\n}/" "$config"
  else
    printf "rules:\n$lines" >> "$config"
  fi
}
echo "$build, $(nproc) cores, median of $runs runs of lint --no-cache"
echo "| app | run rules off | on | added |"
echo "|---|---|---|---|"
for app in large-app speed-app scaffold showcase; do
  dir="$work/$app"
  on=$(time_runs "$mactl" lint --no-cache "$dir" | median)
  turn_run_rules_off "$dir"
  off=$(time_runs "$mactl" lint --no-cache "$dir" | median)
  awk -v app="$app" -v a="$off" -v b="$on" 'BEGIN { printf "| %s | %d ms | %d ms | %+.0f %% |\n", app, a, b, (b - a) * 100 / a }'
done
