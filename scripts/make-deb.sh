#!/usr/bin/env bash
# Makes a Debian package of a release build of mactl: BINARY as /usr/bin/mactl, the version
# from Sources/MiniAppKit/MactlVersion.swift, the architecture dpkg reports, and Depends on the
# package of every shared library the binary names (its NEEDED entries, found where ldd finds
# them, named by dpkg -S), at the version it was built with or newer. Only the libraries it
# names: theirs come with their packages' own Depends. Called by `make deb`, which builds the binary with
# the Swift runtime linked in: a library no Debian package owns (a Swift one) is an error here,
# since the machine that installs the package would not have it.
# Usage: scripts/make-deb.sh BINARY OUTPUT-FOLDER; prints the .deb's path.
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:?usage: scripts/make-deb.sh BINARY OUTPUT-FOLDER}"
output="${2:?usage: scripts/make-deb.sh BINARY OUTPUT-FOLDER}"

version="$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/MiniAppKit/MactlVersion.swift)"
if [ -z "$version" ]; then
  echo "make-deb: no version in Sources/MiniAppKit/MactlVersion.swift" >&2
  exit 1
fi
architecture="$(dpkg --print-architecture)"

# The package that owns a library, tried at the path ldd gives and at the other half of a
# merged /usr (bookworm's packages list some libraries under /lib, some under /usr/lib).
owner() {
  local path="$1" candidate
  for candidate in "$path" "$(readlink -f "$path")" "/usr$path" "${path#/usr}"; do
    if dpkg -S "$candidate" >/dev/null 2>&1; then
      dpkg -S "$candidate" | head -n1 | cut -d: -f1
      return 0
    fi
  done
  return 1
}

if ldd "$binary" | grep -q "not found"; then
  echo "make-deb: $binary needs libraries this machine lacks:" >&2
  ldd "$binary" | grep "not found" >&2
  exit 1
fi
packages=()
missing=()
while read -r soname; do
  # ldd names the loader by its path, the others by their soname, then "=>" and the path.
  library="$(ldd "$binary" | awk -v name="$soname" '{ base = $1; sub(/.*\//, "", base) } base == name { print ($2 == "=>" ? $3 : $1) }')"
  if [ -n "$library" ] && package="$(owner "$library")"; then packages+=("$package"); else missing+=("$soname"); fi
done < <(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
if ((${#missing[@]})); then
  echo "make-deb: no Debian package owns ${missing[*]}; build with --static-swift-stdlib (make deb does)" >&2
  exit 1
fi

depends=""
for package in $(printf '%s\n' "${packages[@]}" | sort -u); do
  installed="$(dpkg-query -W -f='${Version}' "$package")"
  # The upstream part (the Debian revision dropped): a rebuild of the same library satisfies it.
  depends+="${depends:+, }$package (>= ${installed%-*})"
done

root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
chmod 0755 "$root"  # mktemp's 0700 would become the mode of / in the package
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/doc/mactl"
install -m 0755 "$binary" "$root/usr/bin/mactl"
strip --strip-unneeded "$root/usr/bin/mactl"
install -m 0644 README.md "$root/usr/share/doc/mactl/README.md"
cat >"$root/DEBIAN/control" <<CONTROL
Package: mactl
Version: $version
Architecture: $architecture
Maintainer: mactl <https://github.com/mactl/mactl>
Installed-Size: $(du -sk "$root/usr" | cut -f1)
Depends: $depends
Section: devel
Priority: optional
Homepage: https://github.com/mactl/mactl
Description: build toolchain for W3C MiniApp authors
 Scaffolds, lints, tests, packs, signs, verifies and publishes W3C MiniApp
 packages (.ma), with compiler-style diagnostics for every mistake that would
 otherwise fail silently on a phone.
CONTROL

mkdir -p "$output"
deb="$output/mactl_${version}_${architecture}.deb"
dpkg-deb --root-owner-group --build "$root" "$deb" >/dev/null
echo "$deb"
