#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ with AddressSanitizer and runs each for a while.
#
#   scripts/fuzz.sh [--seconds N] [--jobs N] [--build-only] [target ...]
#
# --jobs runs that many targets at once (each libFuzzer process uses one core); the summary
# lists them in the order given either way.
# Targets are FuzzTarget's names (json, json-compact, template, script-lexer, ...); none means all of them.
# Each target's corpus lives in .build-fuzz/corpus/<target> and grows from run to run; it is
# seeded from Fuzz/Seeds/<target>, the project's fixtures and examples, and the committed
# regression inputs in Tests/Fixtures/fuzz/<target>. A crash, a hang (an input over 10 s),
# a leak or an input that needs over 2 GB leaves its input in .build-fuzz/artifacts/<target>/
# and makes the script exit 1 after every target has run. Commit such an input to
# Tests/Fixtures/fuzz/<target>/ with the fix: FuzzRegressionTests replays that folder.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
lanes=1
build_only=0
targets=()
while (($#)); do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --jobs) lanes="$2"; shift 2 ;;
    --build-only) build_only=1; shift ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fuzz: unknown option '$1'" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
all_targets=(json json-compact template script-lexer script-engine i18n svg css expression config zip verify)
if ((${#targets[@]} == 0)); then targets=("${all_targets[@]}"); fi
for target in "${targets[@]}"; do
  if [[ ! -d "Fuzz/Targets/fuzz-$target" ]]; then
    echo "fuzz: unknown target '$target' (known: ${all_targets[*]})" >&2
    exit 2
  fi
done

scripts/setup.sh

# libFuzzer without its own main (SwiftPM gives each executable one), from Swift's clang.
swift_root="$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")"
fuzzer_library="$(ls "$swift_root"/lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a 2>/dev/null | head -n 1)"
if [[ -z "$fuzzer_library" ]]; then
  echo "fuzz: libclang_rt.fuzzer_no_main is not in this Swift toolchain ($swift_root)" >&2
  exit 2
fi

work=.build-fuzz
# -sanitize=fuzzer would link libFuzzer's main too; the coverage it implies is spelt out instead.
echo "fuzz: building ${#targets[@]} target(s) with AddressSanitizer (release)"
mkdir -p "$work"
# The linker warns about every ASan-internal symbol it cannot export; those lines are noise.
if ! swift build --package-path Fuzz --scratch-path "$work" -c release \
  -Xswiftc -sanitize=address \
  -Xswiftc -sanitize-coverage=edge,indirect-calls,trace-cmp,inline-8bit-counters,pc-table \
  -Xlinker "$fuzzer_library" -Xlinker -lstdc++ > "$work/build.log" 2>&1; then
  grep -v "Cannot export local symbol" "$work/build.log" | tail -n 40 >&2
  echo "fuzz: the build failed" >&2
  exit 2
fi
grep -v "Cannot export local symbol" "$work/build.log" | tail -n 1
if ((build_only)); then exit 0; fi

# Seeds: files whose names end like the target's inputs, from the fixtures, examples and
# templates (not from build folders), plus the target's own seeds and regression inputs.
seed_suffixes() {
  case "$1" in
    json) echo "manifest.json" ;;
    json-compact) echo ".json" ;;
    template) echo ".html" ;;
    script-lexer|script-engine) echo ".js" ;;
    i18n) echo "i18n/*.json" ;;
    svg) echo ".svg" ;;
    css) echo ".css" ;;
    expression) echo "" ;;
    config) echo ".mactl.yml" ;;
    zip|verify) echo ".ma" ;;
  esac
}

summary="$work/summary.txt"
results="$work/results"
rm -rf "$results" && mkdir -p "$results"
# One target: fuzzing from its seeds, then the leak pass. Its summary line goes to
# $results/<target>.line, and $results/<target>.failed marks a failure, so that targets run
# side by side report in the order given.
fuzz_target() {
  local target="$1"
  local corpus="$work/corpus/$target"
  local seeds="$work/seeds/$target"
  local artifacts="$work/artifacts/$target"
  local log="$work/logs/$target.log"
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  rm -rf "$seeds" && mkdir -p "$seeds"
  local suffix
  suffix="$(seed_suffixes "$target")"
  if [[ -n "$suffix" ]]; then
    find Tests/Fixtures Examples Templates -path '*/.build' -prune -o -type f -path "*$suffix" -print 2>/dev/null |
      while read -r file; do cp "$file" "$seeds/$(echo "$file" | tr '/' '_')"; done
  fi
  for extra in "Fuzz/Seeds/$target" "Tests/Fixtures/fuzz/$target"; do
    if [[ -d "$extra" ]]; then cp -r "$extra/." "$seeds/"; fi
  done

  echo "fuzz: $target for ${seconds}s ($(ls "$seeds" | wc -l) seeds, $(ls "$corpus" | wc -l) in corpus)"
  local status=0
  # Leak checks run a heap scan after every input that allocated more than it freed, which
  # makes the rule-level targets 20 times slower; so the run fuzzes without them and then
  # replays the whole corpus once with them.
  export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0"
  export ASAN_OPTIONS="allocator_may_return_null=1:handle_abort=1"
  # Swift's own crash backtracer, reading the crashed process's memory under AddressSanitizer,
  # turned a trap into an "unknown-crash" report about its memory server; libFuzzer reports
  # the trap itself, and keeps the input, without it.
  export SWIFT_BACKTRACE=enable=no
  # Inputs are capped at 64 KB: without a cap libFuzzer takes the largest seed's size, and the
  # 500 KB hostile page (100,000 unclosed divs, seconds an execution) held the template target
  # to 5 executions a second and its mutants near the 10 s timeout. The seed is cut to its
  # first 64 KB, still far deeper than the nesting limit. Large inputs have their own tests.
  local limits=(-timeout=10 -rss_limit_mb=2048 -max_len=65536)
  "$work/release/fuzz-$target" -max_total_time="$seconds" "${limits[@]}" -detect_leaks=0 \
    -print_final_stats=1 -artifact_prefix="$artifacts/" \
    "$corpus" "$seeds" > "$log" 2>&1 || status=$?
  if ((status == 0)); then
    mkdir -p "$artifacts"
    # The seeds too: libFuzzer writes only the inputs it found to the corpus folder.
    "$work/release/fuzz-$target" -runs=0 "${limits[@]}" -detect_leaks=1 \
      -artifact_prefix="$artifacts/" "$corpus" "$seeds" > "$log.leaks" 2>&1 || status=$?
    if ((status != 0)); then cat "$log.leaks" >> "$log"; fi
  fi
  # libFuzzer can print its final statistics twice (again from its exit or death handler).
  local runs coverage line
  runs="$( (grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" || true) | awk '{ print $2 }' | head -n 1)"
  coverage="$( (grep -o 'cov: [0-9]* ft: [0-9]*' "$log" || true) | tail -n 1)"
  line="$target: $runs executions, ${coverage:-no coverage line}, corpus $(ls "$corpus" | wc -l) inputs"
  if ((status != 0)); then
    line="$line: FAILED (exit $status), see $log and $artifacts/"
    touch "$results/$target.failed"
    grep -E "ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)|SUMMARY|Fatal error|Test unit written" "$log" | head -n 8 >&2 || true
  fi
  echo "$line" > "$results/$target.line"
}

for target in "${targets[@]}"; do
  while (($(jobs -rp | wc -l) >= lanes)); do wait -n || true; done
  fuzz_target "$target" &
done
wait

: > "$summary"
failed=()
for target in "${targets[@]}"; do
  if [[ -f "$results/$target.line" ]]; then
    tee -a "$summary" < "$results/$target.line"
  else
    echo "$target: FAILED (the script's run of it stopped)" | tee -a "$summary"
  fi
  if [[ -f "$results/$target.failed" || ! -f "$results/$target.line" ]]; then failed+=("$target"); fi
done

# The last line is the plain count CI reads: a target passes when nothing went wrong in it.
if ((${#failed[@]})); then
  echo "fuzz: failures in ${failed[*]}" >&2
  echo "fuzz: $(( ${#targets[@]} - ${#failed[@]} )) passed, ${#failed[@]} failed"
  exit 1
fi
echo "fuzz: no crash, hang, leak or out-of-memory in ${#targets[@]} target(s)"
echo "fuzz: ${#targets[@]} passed, 0 failed"
