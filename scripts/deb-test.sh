#!/usr/bin/env bash
# CI: `make deb`, then the package as a user gets it: installed with dpkg into this system, the
# installed /usr/bin/mactl run with no Swift toolchain on its PATH (the Swift runtime must be
# inside it, every other library a Depends), on a fresh scaffold; then the package is removed.
# It installs system-wide, so it is for a throwaway machine (CI runs it as root).
set -euo pipefail
cd "$(dirname "$0")/.."

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
  else
    echo "deb-test: installing a .deb needs root: run it as root, or where sudo is available" >&2
    exit 1
  fi
fi
# Removing the package at the end must not remove someone's own installation.
if dpkg-query -W -f='${Status}' mactl 2>/dev/null | grep -q "install ok installed"; then
  echo "deb-test: the package mactl is installed already; remove it first (dpkg -r mactl)" >&2
  exit 1
fi

start=$(date +%s)
rm -rf .build/deb
make deb
deb="$(ls .build/deb/mactl_*.deb)"
version="$(dpkg-deb -f "$deb" Version)"
echo "deb-test: $deb (Depends: $(dpkg-deb -f "$deb" Depends))"

work="$(mktemp -d)"
cleanup() {
  $sudo dpkg -r mactl >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
$sudo dpkg -i "$deb"

# Only the system's folders on the PATH, and a home of its own: what runs is the package.
run() { env -i PATH=/usr/bin:/bin HOME="$work/home" "$@"; }
if [ "$(run mactl --version)" != "$version" ]; then
  echo "deb-test: mactl --version does not print $version" >&2
  exit 1
fi
run mactl new "$work/x"
run mactl lint "$work/x"

$sudo dpkg -r mactl
if [ -e /usr/bin/mactl ]; then
  echo "deb-test: /usr/bin/mactl is still there after dpkg -r mactl" >&2
  exit 1
fi
echo "deb-test: $deb installs, runs mactl new and lint, and removes cleanly ($(($(date +%s) - start)) s)"
