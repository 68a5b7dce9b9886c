# Timing helpers the lint benchmarks source: `time_runs CMD...` prints the wall time of
# $runs runs of CMD in milliseconds, one a line (its output and exit status ignored: a lint
# that reports errors is still timed); `median` reads such lines and prints their median.
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
time_runs() {
  for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s%N)
    echo $(( (end - start) / 1000000 ))
  done
}
