#!/usr/bin/env bash
# make demo's last step: the showcase signed and published twice (versions 12 and 13) into a
# catalog in .build/demo-catalog, 13's rollout raised, then catalog verify and the index.
set -euo pipefail
cd "$(dirname "$0")/.."
mactl=.build/debug/mactl
work=.build/demo-publish
rm -rf "$work" .build/demo-catalog
mkdir -p "$work"
cp -r Examples/showcase "$work/app"
"$mactl" keygen "$work/key.pem" --subject "CN=Showcase Shop" >/dev/null
"$mactl" pack "$work/app" --sign "$work/key.pem" -o "$work/showcase-12.ma" >/dev/null
sed -i 's/"code": 12/"code": 13/; s/"name": "2.3.0"/"name": "2.4.0"/' "$work/app/manifest.json"
"$mactl" pack "$work/app" --sign "$work/key.pem" -o "$work/showcase-13.ma" >/dev/null
"$mactl" publish "$work/showcase-12.ma" --catalog .build/demo-catalog --cert "$work/key.cert.pem"
"$mactl" publish "$work/showcase-13.ma" --catalog .build/demo-catalog --cert "$work/key.cert.pem" --rollout 50
# Version 13 goes from half the devices to all of them; versions.json keeps both rollouts.
"$mactl" catalog rollout .build/demo-catalog com.example.showcase 13 100
"$mactl" catalog verify .build/demo-catalog
echo "the catalog's index (.build/demo-catalog/index.json):"
cat .build/demo-catalog/index.json
echo "next: $mactl catalog serve .build/demo-catalog   # the catalog's HTTP API on 127.0.0.1"
