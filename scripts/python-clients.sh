#!/usr/bin/env bash
# The official MCP Python SDK for test/clients (a client this project did not write), in
# .venv-clients, at the versions test/clients/python/requirements.txt pins. Made again only when
# the requirements change. pip uses the machine's configured indexes; --retries 0 so an index that
# cannot be reached fails at once instead of after minutes of back-off.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.venv-clients
req=test/clients/python/requirements.txt
if [ -x "$venv/bin/python" ] && cmp -s "$req" "$venv/requirements.txt"; then exit 0; fi
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check --retries 0 --timeout 20 -r "$req"
cp "$req" "$venv/requirements.txt"
echo "MCP Python SDK client ready in $venv"
