#!/usr/bin/env bash
# Time to pack, pack and sign, and verify a 20 MB MiniApp (release build): the scaffolded
# 'tabs' app plus 20 one-megabyte images its home page shows. Usage: Benchmarks/sign-verify.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
swift build -c release --product mactl >/dev/null
mactl="$(swift build -c release --show-bin-path)/mactl"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$mactl" new "$work/big" --app-id org.example.big >/dev/null
mkdir -p "$work/big/assets"
images=""
for i in $(seq 1 20); do
  head -c 1048576 /dev/urandom > "$work/big/assets/photo$i.png"
  images="$images<img src=\"../../assets/photo$i.png\" alt=\"\">"
done
sed -i "s|</section>|$images</section>|" "$work/big/pages/home/home.html"
openssl ecparam -name prime256v1 -genkey -noout -out "$work/ec.pem" 2>/dev/null
openssl genrsa -out "$work/rsa.pem" 2048 2>/dev/null

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
time_runs() {
  for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s%N)
    echo $(( (end - start) / 1000000 ))
  done
}
pack_ms=$(time_runs "$mactl" pack "$work/big" -o "$work/plain.ma" | median)
ec_ms=$(time_runs "$mactl" pack "$work/big" --sign "$work/ec.pem" -o "$work/ec.ma" | median)
rsa_ms=$(time_runs "$mactl" pack "$work/big" --sign "$work/rsa.pem" -o "$work/rsa.ma" | median)
verify_ec_ms=$(time_runs "$mactl" verify "$work/ec.ma" --require-signature | median)
verify_rsa_ms=$(time_runs "$mactl" verify "$work/rsa.ma" --require-signature | median)
"$mactl" verify "$work/ec.ma" --require-signature >/dev/null
echo "app: $(du -sh "$work/big" | cut -f1) on disk, package $(stat -c %s "$work/ec.ma") bytes; $(nproc) cores; median of $runs runs, release build"
echo "pack (unsigned):        ${pack_ms} ms"
echo "pack --sign (P-256):    ${ec_ms} ms"
echo "pack --sign (RSA 2048): ${rsa_ms} ms"
echo "verify (P-256):         ${verify_ec_ms} ms"
echo "verify (RSA 2048):      ${verify_rsa_ms} ms"
