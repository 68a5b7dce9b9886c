# Sourced by the benchmarks on the generated large app, after `pages` is set: a release build
# of mactl as `mactl`, and an app of `pages` pages (Benchmarks/make-large-app.py) as `app`,
# removed on exit, linted once: it must lint clean, and the lint warms the file cache.
swift build -c release --product mactl >/dev/null
mactl="$(swift build -c release --show-bin-path)/mactl"
app="$(mktemp -d)/large-app"
trap 'rm -rf "$(dirname "$app")"' EXIT
python3 Benchmarks/make-large-app.py "$app" "$pages"
"$mactl" lint "$app" >/dev/null
