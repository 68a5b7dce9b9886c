#!/usr/bin/env bash
# The differential fuzz of `mactl verify` (docs/fuzzing.md): seeded hostile packages, and for
# every one verify accepts, libzip (with and without ZIP_CHECKCONS), the runtime's join, Python's
# zipfile and Info-ZIP unzip must read exactly what it checked, inside their folders.
#
#   scripts/differential-fuzz.sh [--count N] [--seed S]
#
# Without --seed a new seed is drawn and printed, so a failure can be replayed with it. A
# disagreement fails with the seed, the package's mutations and what each reader read.
set -euo pipefail
cd "$(dirname "$0")/.."

count=3000
seed="$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')"
while (($#)); do
  case "$1" in
    --count) count="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "differential-fuzz: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
for tool in python3 unzip; do
  command -v "$tool" > /dev/null || { echo "differential-fuzz: '$tool' is missing; run scripts/setup.sh" >&2; exit 2; }
done
echo "differential-fuzz: seed $seed, $count packages"
mkdir -p .build
if ! swift build --build-tests > .build/differential-fuzz-build.log 2>&1; then
  grep -E "error" .build/differential-fuzz-build.log | head -n 40 >&2
  echo "differential-fuzz: the build failed" >&2
  exit 2
fi
MACTL_DIFFERENTIAL_COUNT="$count" MACTL_DIFFERENTIAL_SEED="$seed" \
  swift test --skip-build --filter DifferentialFuzzTests 2>&1 | grep -E "differential:|✘|✔|Expectation|package [0-9]+ of seed" | cut -c1-2000
