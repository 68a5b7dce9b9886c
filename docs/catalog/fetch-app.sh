#!/usr/bin/env bash
# What a W3C host does to get the version of an app this device should run, from a catalog of
# `mactl publish` (docs/catalog.md, "A host, step by step"): the app list, the version for this
# device's rollout bucket, its manifest, the package from a cache keyed by sha256 or a download
# that resumes, the sha256 check and the signature check with a signer pinned in the host.
# CatalogHostWalkthroughTests runs it against `mactl catalog serve` and nginx.
#
# Usage: fetch-app.sh BASE_URL APP_ID DEVICE_ID CACHE_DIR SIGNER_CERT [CHANNEL]
# Needs curl, python3, sha256sum and mactl (MACTL=path for another binary). Prints what it does;
# the last line is the package to run. Exit 0 with a package, 1 when there is none or it is refused.
set -euo pipefail
if [ $# -lt 5 ] || [ $# -gt 6 ]; then
  echo "usage: fetch-app.sh BASE_URL APP_ID DEVICE_ID CACHE_DIR SIGNER_CERT [CHANNEL]" >&2
  exit 2
fi
base="${1%/}" app="$2" device="$3" cache="$4" cert="$5" channel="${6:-stable}"
mactl="${MACTL:-mactl}"
mkdir -p "$cache"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# 1. The app list. index.json is served with no-cache: revalidate it on every start.
curl -fsS "$base/index.json" -o "$work/index.json"

# 2. The version for this device: the newest of the channel, not withdrawn, whose rollout reaches
#    the device's bucket (docs/catalog.md, "Rollout"). The index names only the newest; a device
#    outside its rollout gets an older one, so the host reads versions.json.
curl -fsS "$base/apps/$app/versions.json" -o "$work/versions.json"
python3 - "$work/index.json" "$work/versions.json" "$app" "$channel" "$device" >"$work/chosen" <<'PY'
import hashlib, json, sys
index_path, versions_path, app, channel, device = sys.argv[1:]
if not any(entry["id"] == app and channel in entry["channels"] for entry in json.load(open(index_path))["apps"]):
    sys.exit(f"{app} has no version on channel '{channel}'")
def bucket(code):
    digest = hashlib.sha256(f"{app}/{code}/{device}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % 100
versions = [v for v in json.load(open(versions_path))["versions"] if v["channel"] == channel and not v["withdrawn"]]
for version in sorted(versions, key=lambda v: v["code"], reverse=True):
    if version["rollout"] >= 100 or bucket(version["code"]) < version["rollout"]:
        print(version["code"], version["name"], version["sha256"], version["size"], version["manifest"], version["package"])
        break
else:
    sys.exit(f"no version of {app} on '{channel}' reaches device '{device}' yet")
PY
read -r code name sha256 size manifest package <"$work/chosen"
echo "version: $code ($name) for device '$device'"

# 3. Its manifest, small and immutable: what the host shows or asks (permissions) before it
#    downloads the package.
curl -fsS "$base/$manifest" -o "$work/manifest.json"
permissions=$(python3 -c 'import json, sys; print(" ".join(p["name"] for p in json.load(open(sys.argv[1])).get("req_permissions", [])) or "none")' "$work/manifest.json")
echo "permissions: $permissions"

# 4. The cache, keyed by sha256: a package already there is not downloaded again (it was
#    checked when it was stored).
stored="$cache/$sha256.ma"
if [ -f "$stored" ]; then
  echo "cached: $stored"
  echo "$stored"
  exit 0
fi

# 5. The download, resumed from what an earlier one left. A package's path holds its sha256, so
#    the bytes at that path never change and a Range request needs no If-Range.
partial="$cache/$sha256.part"
have=0
if [ -f "$partial" ]; then have=$(stat -c %s "$partial"); fi
# A part as long as the package is whole (a range from its end would get 416); a longer one is
# not this package.
if [ "$have" -gt "$size" ]; then rm -f "$partial"; have=0; fi
if [ "$have" -gt 0 ]; then echo "resuming at $have bytes"; fi
if [ "$have" -lt "$size" ]; then curl -fsS -C - "$base/$package" -o "$partial"; fi

# 6. The bytes are the ones the list names: size and sha256.
actual_size=$(stat -c %s "$partial")
actual=$(sha256sum "$partial" | cut -c1-64)
if [ "$actual_size" != "$size" ] || [ "$actual" != "$sha256" ]; then
  rm -f "$partial"
  echo "refused: the download is $actual_size bytes with sha256 $actual; versions.json names $size bytes with sha256 $sha256" >&2
  exit 1
fi

# 7. The signature, against the signer the host app pins: versions.json's `signer` comes from the
#    same server as the package, so it proves nothing on its own.
if ! "$mactl" verify "$partial" --cert "$cert" >"$work/verify" 2>&1; then
  rm -f "$partial"
  echo "refused: mactl verify failed:" >&2
  cat "$work/verify" >&2
  exit 1
fi
mv "$partial" "$stored"
echo "verified and stored: $stored"
echo "$stored"
