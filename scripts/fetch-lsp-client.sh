#!/usr/bin/env bash
# Installs the Language Server Protocol client the `mactl lsp` tests drive the server with:
# pygls's LanguageClient and lsprotocol, from PyPI, at pinned versions, into a folder of their
# own (no virtual environment and nothing in the system's Python). The tests find it through
# MACTL_LSP_CLIENT or the default folder below.
# Usage: scripts/fetch-lsp-client.sh [DESTINATION-FOLDER]
set -euo pipefail

requirements=(pygls==2.0.0 lsprotocol==2025.0.0 cattrs==26.2.1 attrs==26.1.0 typing_extensions==4.16.0)
destination="${1:-${XDG_DATA_HOME:-$HOME/.local/share}/mactl/lsp-client}"
stamp="$destination/.installed"

if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "${requirements[*]}" ]; then exit 0; fi
rm -rf "$destination"
mkdir -p "$destination"
# --no-deps with every package pinned: the same client on every machine.
python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --no-deps --only-binary :all: --target "$destination" "${requirements[@]}"
echo "${requirements[*]}" > "$stamp"
echo "fetch-lsp-client: pygls and lsprotocol in $destination"
