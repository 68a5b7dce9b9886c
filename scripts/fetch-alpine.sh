#!/usr/bin/env bash
# Installs Alpine.js for `mactl serve`'s preview from a registry package: PyPI's
# django-js-lib-alpinejs ships Alpine's standard build. The wheel is checked against the digest
# below before anything is taken from it; nothing of Alpine is kept in this repository.
# Usage: scripts/fetch-alpine.sh [DESTINATION-FOLDER]
set -euo pipefail

version=3.14.7.1
digest=dc1c379b1d5a039875ff11fc17bdaf15d37d5aa6a7987ec4f8cbd67cf01810ee
destination="${1:-${XDG_DATA_HOME:-$HOME/.local/share}/mactl/alpinejs}"

if [ -f "$destination/alpine.min.js" ]; then exit 0; fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 -m pip download --quiet --no-deps --only-binary :all: "django-js-lib-alpinejs==$version" -d "$work"
wheel="$(ls "$work"/*.whl)"
if [ "$(sha256sum "$wheel" | cut -d' ' -f1)" != "$digest" ]; then
  echo "fetch-alpine: $wheel does not have the expected SHA-256; not installed" >&2
  exit 1
fi
mkdir -p "$destination"
python3 - "$wheel" "$destination" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel:
    for name in ("alpine.min.js", "LICENSE"):
        member = next(n for n in wheel.namelist() if n.endswith("/" + name))
        with open(f"{sys.argv[2]}/{name}", "wb") as out:
            out.write(wheel.read(member))
PY
echo "fetch-alpine: Alpine.js $version in $destination"
