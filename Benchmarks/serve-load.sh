#!/usr/bin/env bash
# Issue 39's load figures: `mactl catalog serve` against nginx serving the same catalog folder
# with the server block docs/catalog.md gives, on this machine, in one run. wrk sends the load
# on 127.0.0.1 only, for a bounded time: index.json and a package of about 200 KB, with
# keep-alive (the target: at least 0.5x nginx's requests per second) and with
# `Connection: close`. Each figure is the median of ROUNDS rounds, the two servers taking turns.
# Prints a Markdown table with each server's requests per second and the ratio.
# Usage: Benchmarks/serve-load.sh [SECONDS] [ROUNDS] [CONNECTIONS]   (defaults 5, 3, 20)
# MACTL=path measures that binary instead of building the release one.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-5}"
rounds="${2:-3}"
connections="${3:-20}"
for value in "$seconds" "$rounds" "$connections"; do
  case "$value" in '' | *[!0-9]* | 0) echo "serve-load: SECONDS, ROUNDS and CONNECTIONS are positive numbers, found '$value'" >&2; exit 2 ;; esac
done
for tool in wrk nginx curl python3; do
  if ! command -v "$tool" >/dev/null 2>&1 && [ ! -x "/usr/sbin/$tool" ]; then
    echo "serve-load: $tool is not installed; run scripts/setup.sh" >&2
    exit 2
  fi
done
nginx_binary="$(command -v nginx || echo /usr/sbin/nginx)"

. Benchmarks/mactl-binary.sh serve-load

work="$(mktemp -d)"
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  [ -f "$work/nginx/nginx.pid" ] && kill "$(cat "$work/nginx/nginx.pid")" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# A signed app of about 200 KB: the scaffold with 200 KB of random bytes (fixed seed) as a
# base64 string in app.js, which deflate cannot shrink back to less.
"$mactl" new "$work/app" --app-id com.example.load >/dev/null
python3 - "$work/app/app.js" <<'EOF'
import base64, random, sys
noise = base64.b64encode(random.Random(39).randbytes(195_000)).decode()
with open(sys.argv[1], "a") as script:
    script.write(f"\nglobalThis.loadNoise = '{noise}';\n")
EOF
"$mactl" keygen "$work/key.pem" --subject "CN=Load" >/dev/null 2>&1
"$mactl" pack "$work/app" --sign "$work/key.pem" -o "$work/app.ma" >/dev/null
"$mactl" publish "$work/app.ma" --catalog "$work/catalog" --cert "$work/key.cert.pem" >/dev/null
package="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["apps"][0]["channels"]["stable"]["package"])' "$work/catalog/index.json")"
package_bytes="$(stat -c %s "$work/catalog/$package")"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# nginx as a site runs it: a master and a worker per core, the documented server block.
nginx_port="$(free_port)"
mkdir -p "$work/nginx"
python3 - "$work" "$nginx_port" <<'EOF'
import sys
work, port = sys.argv[1], sys.argv[2]
guide = open("docs/catalog.md").read()
block = guide.split("```nginx\n")[1].split("\n```")[0]
block = block.replace("    listen 80;\n", f"    listen 127.0.0.1:{port};\n").replace("    root /srv/catalog;\n", f"    root {work}/catalog;\n")
temp = " ".join(f"{kind}_temp_path {work}/nginx/{kind};" for kind in ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"])
open(f"{work}/nginx/nginx.conf", "w").write(f"""worker_processes auto;
user root;
pid {work}/nginx/nginx.pid;
error_log {work}/nginx/error.log;
events {{ worker_connections 1024; }}
http {{
  access_log off;
  sendfile on;
  {temp}
{block}
}}
""")
EOF
"$nginx_binary" -c "$work/nginx/nginx.conf" -p "$work/nginx"

mactl_port="$(free_port)"
"$mactl" catalog serve "$work/catalog" --port "$mactl_port" >/dev/null &
server_pid=$!
for _ in $(seq 100); do
  curl -sf "http://127.0.0.1:$mactl_port/index.json" >/dev/null && curl -sf "http://127.0.0.1:$nginx_port/index.json" >/dev/null && break
  sleep 0.1
done
for port in "$nginx_port" "$mactl_port"; do
  if ! cmp -s <(curl -sf "http://127.0.0.1:$port/$package") "$work/catalog/$package"; then
    echo "serve-load: 127.0.0.1:$port does not serve the package's bytes" >&2
    exit 1
  fi
done

# Requests per second of one wrk run.
rate() {
  wrk -t1 -c"$connections" -d"${seconds}s" "$@" | awk '/^Requests\/sec:/ { print $2 }'
}
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "| request | nginx req/s | mactl catalog serve req/s | ratio | target |"
echo "|---|---|---|---|---|"
for connection in keep-alive close; do
  for target in index.json "$package"; do
    nginx_rates=()
    mactl_rates=()
    headers=()
    [ "$connection" = close ] && headers=(-H "Connection: close")
    for _ in $(seq "$rounds"); do
      nginx_rates+=("$(rate "${headers[@]}" "http://127.0.0.1:$nginx_port/$target")")
      mactl_rates+=("$(rate "${headers[@]}" "http://127.0.0.1:$mactl_port/$target")")
    done
    nginx_median="$(median "${nginx_rates[@]}")"
    mactl_median="$(median "${mactl_rates[@]}")"
    ratio="$(python3 -c "print(f'{$mactl_median / $nginx_median:.2f}')")"
    name="index.json"
    [ "$target" != index.json ] && name="package, $((package_bytes / 1024)) KB"
    verdict="-"
    if [ "$connection" = keep-alive ]; then
      verdict="$(python3 -c "print('>= 0.5x PASS' if $mactl_median / $nginx_median >= 0.5 else '>= 0.5x MISS')")"
    fi
    echo "| $name, $connection | $nginx_median | $mactl_median | ${ratio}x | $verdict |"
  done
done
echo
echo "wrk -t1 -c$connections -d${seconds}s, median of $rounds rounds each; mactl: $build; nginx: $("$nginx_binary" -v 2>&1 | sed 's/.*: //'), worker_processes auto; $(nproc) cores."
