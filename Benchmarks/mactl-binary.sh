# Sourced by the benchmarks: sets `mactl` to the binary to measure and `build` to how it is
# named in the figures. MACTL=path measures that binary; otherwise the release build is made.
# $1 is the benchmark's name, for the message.
if [ -n "${MACTL:-}" ]; then
  mactl="$(cd "$(dirname "$MACTL")" && pwd)/$(basename "$MACTL")"
  build="$mactl"
else
  echo "$1: building mactl (release)" >&2
  swift build -c release --product mactl >/dev/null
  mactl="$(swift build -c release --show-bin-path)/mactl"
  build="release build"
fi
