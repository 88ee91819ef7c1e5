#!/usr/bin/env bash
# Installs the system packages the editor tests need, only when missing (safe to run repeatedly):
#   chromium         the browser the end-to-end suite drives (playwright-core downloads none)
#   fonts-liberation readable text in screenshots
#   libkrb5-dev      gssapi headers for code-server's native `kerberos` module
#   curl, openssl    run the generated "Copy as cURL" commands in the tests
set -euo pipefail

packages=(chromium fonts-liberation libkrb5-dev curl openssl)
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "ci-apt: already installed: ${packages[*]}"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1; then
  sudo=(sudo)
else
  echo "ci-apt: need root to install: ${missing[*]}" >&2
  echo "  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}" >&2
  exit 1
fi

echo "ci-apt: installing ${missing[*]}"
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
test -x /usr/bin/chromium || { echo "ci-apt: /usr/bin/chromium still missing" >&2; exit 1; }
echo "ci-apt: done"
