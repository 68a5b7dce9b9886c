#!/usr/bin/env bash
# The speed figures of issues 16 and 43, each as a ratio to its peer measured in the same run, on
# the app Benchmarks/make-speed-app.py writes (200 pages, 12 locales x 1,500 keys, 120 icons, 25 MB
# of assets), release build: cold lint against `xmllint --html --noout` of the same templates and
# against Debian's `eslint` with one rule on the page scripts alone, cold pack against
# `zip -r -X -9` of the same files (time and size), warm re-lint and re-pack and a one-template
# re-lint against the cold runs, peak memory of lint and pack, and whether two packs are
# byte-identical. Prints a Markdown table with the issue's target and PASS or MISS per line.
# With --included-data the app is issue 43's: 20 MB of assets of which a third is JSON data that
# only `.mactl.yml` `include:` ships, under a package budget lint must check.
# Times are medians of RUNS runs (default 5) after one warm-up run, by hyperfine when it is
# installed, else by Benchmarks/timing.sh; memory is GNU time's maximum resident set size.
# Usage: Benchmarks/speed.sh [--included-data] [RUNS]
# To try the script itself: USE_HYPERFINE=0 times with timing.sh even when hyperfine is there;
# MACTL=path times that binary instead of building the release one; SPEED_APP="PAGES LOCALES
# KEYS ICONS MB" generates a smaller app (the figures the README states use neither).
set -euo pipefail
cd "$(dirname "$0")/.."
generator_options=()
app_default="200 12 1500 120 25"
if [ "${1:-}" = "--included-data" ]; then
  generator_options=(--included-data)
  app_default="200 12 1500 120 20"
  shift
fi
runs="${1:-5}"
case "$runs" in '' | *[!0-9]* | 0) echo "speed: RUNS must be a positive number, found '$runs'" >&2; exit 2 ;; esac

for tool in python3 xmllint eslint zip unzip /usr/bin/time; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "speed: $tool is not installed; run scripts/setup.sh" >&2
    exit 2
  fi
done
timer="timing.sh"
if [ "${USE_HYPERFINE:-1}" != 0 ] && command -v hyperfine >/dev/null 2>&1; then
  timer="$(hyperfine --version)"
fi

. Benchmarks/mactl-binary.sh speed
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
app="$work/app"
# shellcheck disable=SC2086 # SPEED_APP is the generator's arguments, split on purpose
generated="$(python3 Benchmarks/make-speed-app.py "${generator_options[@]}" "$app" ${SPEED_APP:-$app_default})"

# Figures of an app that does not lint clean mean nothing: pack would write no package.
if ! "$mactl" lint --color never "$app" >"$work/lint.txt" 2>&1; then
  echo "speed: the generated app does not lint clean; fix Benchmarks/make-speed-app.py:" >&2
  grep -E ': (error|warning): ' "$work/lint.txt" | head -20 >&2
  exit 2
fi
lint_summary="$(tail -1 "$work/lint.txt")"

# Without a cache there is nothing to skip: "cold" is the plain command and "warm" runs it again.
cache_flag() {
  local help
  help="$("$mactl" "$1" --help)"
  if grep -q -- '--no-cache' <<<"$help"; then echo "--no-cache"; fi
}
lint_cold_flag="$(cache_flag lint)"
pack_cold_flag="$(cache_flag pack)"

source Benchmarks/timing.sh
# measure PREPARE COMMAND: the median wall time of COMMAND in ms, PREPARE (a shell command, or
# empty) run before each run, the warm-up included. Exit statuses are ignored only for the peers
# (xmllint reports HTML5 elements it does not know); a failing mactl stops the script.
measure() {
  local prepare="$1" command="$2" ignore=()
  if [[ "$command" != "$mactl "* ]]; then ignore=(--ignore-failure); fi
  if [ "$timer" != "timing.sh" ]; then
    local options=(--runs "$runs" --warmup 1 --style none --export-json "$work/time.json" "${ignore[@]}")
    if [ -n "$prepare" ]; then options+=(--prepare "$prepare"); fi
    hyperfine "${options[@]}" "$command" >/dev/null
    python3 -c 'import json, sys; print(round(json.load(open(sys.argv[1]))["results"][0]["median"] * 1000))' "$work/time.json"
  else
    sh -c "$prepare" && sh -c "$command" >/dev/null 2>&1 || true
    local run
    for run in $(seq "$runs"); do
      sh -c "$prepare"
      runs=1 time_runs sh -c "$command"
    done | median
  fi
}
# peak_mb COMMAND: the largest maximum resident set size of RUNS runs, in MB.
peak_mb() {
  local run
  for run in $(seq "$runs"); do
    /usr/bin/time -f %M -o "$work/rss.txt" sh -c "$1" >/dev/null 2>&1 || true
    tail -1 "$work/rss.txt"
  done | sort -n | tail -1 | awk '{ printf "%.0f", $1 / 1024 }'
}

q() { printf '%q' "$1"; }
lint_cold="$(q "$mactl") lint $lint_cold_flag $(q "$app")"
lint_warm="$(q "$mactl") lint $(q "$app")"
xmllint_command="xmllint --html --noout $(q "$app")/pages/*/*.html"
# Debian's eslint with one rule, which the generated scripts do not break (so it prints
# nothing), and the formatter that needs no package beyond eslint's own dependencies. Its
# modules are under /usr/share/nodejs, which Debian's node searches and a node from elsewhere
# does not, hence NODE_PATH. It runs in the app's folder: eslint 6 skips, with only a warning,
# every file outside the folder it runs in.
eslint_command="cd $(q "$app") && NODE_PATH=/usr/share/nodejs eslint --no-eslintrc --parser-options=ecmaVersion:2020 --rule '{\"no-unused-vars\": [\"error\", {\"args\": \"none\"}]}' -f compact pages/*/*.js"
pack_cold="$(q "$mactl") pack $pack_cold_flag $(q "$app") -o $(q "$work/cold.ma")"
pack_warm="$(q "$mactl") pack $(q "$app") -o $(q "$work/warm.ma")"
# The files pack ships: everything the generator writes but .mactl.yml.
shipped="manifest.json app.js app.css pages i18n icons assets"
if [ -d "$app/data" ]; then shipped="$shipped data"; fi
zip_command="cd $(q "$app") && zip -q -r -X -9 $(q "$work/peer.zip") $shipped"
edited="$app/pages/p7/p7.html"
cp "$edited" "$work/p7.html"
edit="printf '<!-- edited %s -->\\n' \"\$(date +%s%N)\" >> $(q "$edited")"

echo "speed: timing ($timer, $runs runs each)" >&2
lint_cold_ms=$(measure "" "$lint_cold")
xmllint_ms=$(measure "" "$xmllint_command")
eslint_ms=$(measure "" "$eslint_command")
lint_warm_ms=$(measure "" "$lint_warm")
lint_edit_ms=$(measure "$edit" "$lint_warm")
cp "$work/p7.html" "$edited"

# watch_ms: from writing one template to `lint --watch` printing its result, the median of RUNS
# edits. It includes the 100 ms the project must stay quiet before it is linted again (inotify
# wakes the watcher at once; the 20 ms poll is the fallback).
watch_ms() {
  local log="$work/watch.log" pid run seen start end
  "$mactl" lint --watch --watch-interval 20 --color never "$app" >"$log" 2>&1 &
  pid=$!
  until grep -q "watching" "$log"; do sleep 0.05; done
  for run in $(seq "$runs"); do
    seen=$(grep -c "change detected" "$log" || true)
    sleep 0.3
    start=$(date +%s%N)
    printf '<!-- edited %s -->\n' "$run" >>"$edited"
    # The watcher writes a run's report in one write, its "change detected" line first.
    until [ "$(grep -c "change detected" "$log" || true)" -gt "$seen" ]; do sleep 0.005; done
    end=$(date +%s%N)
    echo $(( (end - start) / 1000000 ))
  done | median
  kill "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null || true
  cp "$work/p7.html" "$edited"
}
lint_watch_ms=$(watch_ms)
pack_cold_ms=$(measure "rm -f $(q "$work/cold.ma")" "$pack_cold")
zip_ms=$(measure "rm -f $(q "$work/peer.zip")" "$zip_command")
pack_warm_ms=$(measure "rm -f $(q "$work/warm.ma")" "$pack_warm")
echo "speed: peak memory (GNU time)" >&2
lint_mb=$(peak_mb "$lint_cold")
xmllint_mb=$(peak_mb "$xmllint_command")
eslint_mb=$(peak_mb "$eslint_command")
pack_mb=$(peak_mb "rm -f $(q "$work/cold.ma") && $pack_cold")
zip_mb=$(peak_mb "rm -f $(q "$work/peer.zip") && $zip_command")

# The same package every time: with SOURCE_DATE_EPOCH fixed, without the cache and with it.
export SOURCE_DATE_EPOCH=1700000000
sh -c "$pack_cold" >/dev/null
cp "$work/cold.ma" "$work/first.ma"
sh -c "$pack_cold" >/dev/null
packs="two packs"
identical=yes
cmp -s "$work/first.ma" "$work/cold.ma" || identical=no
if [ -n "$pack_cold_flag" ]; then
  packs="two packs with --no-cache and two with the cache"
  sh -c "$pack_warm" >/dev/null
  cmp -s "$work/first.ma" "$work/warm.ma" || identical=no
  sh -c "$pack_warm" >/dev/null
  cmp -s "$work/first.ma" "$work/warm.ma" || identical=no
fi
unset SOURCE_DATE_EPOCH

# zip must hold the files the package holds, or the pack ratio compares different work.
unzip -Z1 "$work/cold.ma" | sort >"$work/package-files.txt"
unzip -Z1 "$work/peer.zip" | grep -v '/$' | sort >"$work/zip-files.txt"
if ! cmp -s "$work/package-files.txt" "$work/zip-files.txt"; then
  echo "speed: the zip does not hold the files the package holds:" >&2
  diff "$work/package-files.txt" "$work/zip-files.txt" | head -10 >&2
  exit 2
fi
stages="$(awk '/^timings_ms:/ { on = 1; next } on && /^  [a-z]/ { sub(/^  /, ""); sub(/:/, ""); printf "%s%s %.0f ms", sep, $1, $2; sep = ", " }' "$work/cold.report.yaml")"

met=0
targets=0
# row MEASURE MACTL PEER UNIT [TARGET_RATIO|-]
row() {
  local ratio target verdict
  ratio=$(awk -v a="$2" -v b="$3" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
  target="-"
  verdict="-"
  if [ "$5" != "-" ]; then
    target="≤ $5×"
    targets=$((targets + 1))
    if awk -v r="$ratio" -v t="$5" 'BEGIN { exit !(r <= t) }'; then verdict=PASS; met=$((met + 1)); else verdict=MISS; fi
  fi
  printf '| %s | %s %s | %s %s | %s× | %s | %s |\n' "$1" "$2" "$4" "$3" "$4" "$ratio" "$target" "$verdict"
}

echo "app: ${generated#"$app": }; $(nproc) cores; median of $runs runs ($timer); $build"
echo "command: Benchmarks/speed.sh ${generator_options[*]:+${generator_options[*]} }$runs"
if [ -z "$lint_cold_flag" ]; then
  echo "cache: mactl has no --no-cache, so it has no cache yet: the warm runs repeat the cold command"
else
  echo "cache: cold runs use --no-cache; warm runs use the cache a previous run filled"
fi
echo "lint of the app: $lint_summary"
echo
echo "| measure | mactl | peer | ratio | target | |"
echo "|---|---:|---:|---:|---|---|"
row "cold lint / xmllint --html --noout on the templates" "$lint_cold_ms" "$xmllint_ms" ms 3.0
row "cold lint / eslint (one rule) on the page scripts" "$lint_cold_ms" "$eslint_ms" ms 0.5
row "cold pack / zip -r -X -9" "$pack_cold_ms" "$zip_ms" ms 1.0
row "package size / zip -9's" "$(stat -c %s "$work/cold.ma")" "$(stat -c %s "$work/peer.zip")" bytes 1.0
row "warm re-lint / cold lint" "$lint_warm_ms" "$lint_cold_ms" ms 0.2
row "warm re-pack / cold pack" "$pack_warm_ms" "$pack_cold_ms" ms 0.3
row "one template changed, re-lint / cold lint" "$lint_edit_ms" "$lint_cold_ms" ms -
row "one template changed, lint --watch to its result / cold lint" "$lint_watch_ms" "$lint_cold_ms" ms -
lint_verdict=MISS
if [ "$lint_mb" -le 120 ]; then lint_verdict=PASS; met=$((met + 1)); fi
targets=$((targets + 1))
printf '| peak memory, lint / eslint | %s MB | %s MB | %s× | ≤ 120 MB | %s |\n' "$lint_mb" "$eslint_mb" \
  "$(awk -v a="$lint_mb" -v b="$eslint_mb" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')" "$lint_verdict"
pack_verdict=MISS
if [ "$pack_mb" -le 200 ]; then pack_verdict=PASS; met=$((met + 1)); fi
targets=$((targets + 1))
printf '| peak memory, pack / zip | %s MB | %s MB | %s× | ≤ 200 MB | %s |\n' "$pack_mb" "$zip_mb" \
  "$(awk -v a="$pack_mb" -v b="$zip_mb" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')" "$pack_verdict"
echo
echo "cold pack stages (its build report): $stages"
echo "package $(stat -c %s "$work/cold.ma") bytes, zip $(stat -c %s "$work/peer.zip") bytes, both holding the same $(wc -l <"$work/package-files.txt") files"
if [ "$identical" = yes ]; then
  echo "byte-identical: yes, $packs with SOURCE_DATE_EPOCH=1700000000 gave the same bytes"
else
  echo "byte-identical: NO, $packs with SOURCE_DATE_EPOCH=1700000000 gave different bytes"
fi
echo "targets met: $met of $targets"
