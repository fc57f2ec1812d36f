#!/usr/bin/env bash
# The Debian package as a user gets it (issue 30): built (make deb), checked by lintian (no errors), installed with
# apt-get on this system, run from / (--version, search toronto, man skylens), and purged with nothing left behind.
# Used by CI (.ci/run) on Debian and Ubuntu, as root.
set -euo pipefail
cd "$(dirname "$0")/.."

make deb
deb="$(ls -t .build/skylens_*_"$(dpkg --print-architecture)".deb | head -1)"

echo "== lintian"
lintian --fail-on error --display-info "$deb"

if [ "$(id -u)" != 0 ]; then
    echo "(not root: the package is built and checked, not installed)"
    exit 0
fi

echo "== apt-get install"
files="$(dpkg-deb --fsys-tarfile "$deb" | tar -t | sed 's|^\./|/|' | grep -v '/$')"
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "./$deb" >/dev/null
(cd / && skylens --version)
answer="$(cd / && HOME="$(mktemp -d)" skylens search toronto)"
grep -q "Toronto" <<<"$answer" || { echo "no Toronto: $answer"; exit 1; }
MANPAGER=cat man skylens | grep -q "EXIT STATUS" || { echo "man skylens shows no manual"; exit 1; }
dpkg -s skylens | grep -E '^(Version|Depends|Installed-Size):'

echo "== apt-get purge leaves nothing"
DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq skylens >/dev/null
left=""
while read -r file; do
    if [ -e "$file" ] || [ -L "$file" ]; then left="$left $file"; fi
done <<<"$files"
[ -z "$left" ] || { echo "left behind:$left"; exit 1; }
[ ! -d /usr/lib/skylens ] || { echo "left behind: /usr/lib/skylens"; exit 1; }
echo "deb check: passed"
