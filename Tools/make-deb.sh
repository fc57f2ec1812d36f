#!/usr/bin/env bash
# `make deb`: builds .build/skylens_<version>_<arch>.deb (issue 30) from what `make install` installs under /usr: the
# binary with the Swift runtime linked in, its data and words (/usr/lib/skylens), the link /usr/bin/skylens, the
# bash, zsh and fish completions, the manual page; a copyright file naming every data source and library with its
# licence (from the binary's own `about`), and Depends on exactly the packages of the shared libraries ldd shows.
set -euo pipefail
cd "$(dirname "$0")/.."

version="$(sed -n 's/.*static let version = "\(.*\)"/\1/p' App/Main/SkyLensCommand.swift)"
arch="$(dpkg --print-architecture)"
stage="$PWD/.build/deb/skylens_${version}_${arch}"
deb=".build/skylens_${version}_${arch}.deb"
rm -rf "$stage"
mkdir -p "$stage/DEBIAN"

make install PREFIX=/usr DESTDIR="$stage" >/dev/null
binary="$stage/usr/lib/skylens/skylens"

# Where Debian's shells look: zsh's vendor completions, the manual page compressed.
mkdir -p "$stage/usr/share/zsh/vendor-completions"
mv "$stage/usr/share/zsh/site-functions/_skylens" "$stage/usr/share/zsh/vendor-completions/_skylens"
rmdir "$stage/usr/share/zsh/site-functions"
gzip -9n "$stage/usr/share/man/man1/skylens.1"

# The documentation Debian asks of every package: the copyright and a changelog.
doc="$stage/usr/share/doc/skylens"
mkdir -p "$doc"
when="$(git log -1 --format=%aD 2>/dev/null || date -R)"
printf 'skylens (%s) unstable; urgency=medium\n\n  * Built from the SkyLens sources with make deb.\n\n -- SkyLens developers <skylens@users.noreply.github.com>  %s\n' \
    "$version" "$when" | gzip -9n > "$doc/changelog.gz"
{
    echo "SkyLens ${version}: weather, official warnings, the sun and moon, the world's places on a map, and a"
    echo "contact form, in a terminal."
    echo
    echo "SkyLens is written by the SkyLens developers. It ships, inside /usr/lib/skylens, data and libraries made by"
    echo "others, each under its licence (what 'skylens about' lists):"
    echo
    HOME="$(mktemp -d)" SKYLENS_HOME="$(mktemp -d)" "$binary" --lang en --format json about | python3 -c '
import json, sys
for source in json.load(sys.stdin)["sources"]:
    name, detail, licence = source["name"], source["detail"], source["licence"]
    print(f" - {name}: {detail}.")
    print(f"   Licence: {licence}.")
'
    echo " - The Swift standard library and Foundation, linked into the binary (--static-swift-stdlib)."
    echo "   Licence: Apache-2.0 with the Runtime Library Exception."
    echo " - ICU's data and code inside Foundation (swift-foundation-icu)."
    echo "   Licence: Unicode License v3."
    echo
    echo "The texts of the Apache License 2.0 and of the GNU LGPL 2.1 and 3 are in /usr/share/common-licenses/"
    echo "(Apache-2.0, LGPL-2.1, LGPL-3). Creative Commons licences: https://creativecommons.org/licenses/by/4.0/ and"
    echo "https://creativecommons.org/licenses/by-sa/4.0/; ODbL: https://opendatacommons.org/licenses/odbl/1-0/;"
    echo "NLOD 2.0: https://data.norge.no/nlod/en/2.0; the Unicode License v3: https://www.unicode.org/license.txt."
} > "$doc/copyright"

# Two C libraries are compiled into the binary from their sources, as SwiftPM builds every dependency of a Swift
# package: LibYAML (inside Yams, for the config file) and zlib (inside swift-nio-extras, for async-http-client's
# compressed answers). Neither can be swapped for Debian's shared library without changing those packages.
mkdir -p "$stage/usr/share/lintian/overrides"
cat > "$stage/usr/share/lintian/overrides/skylens" <<'OVERRIDES'
# LibYAML, built into the binary by SwiftPM from Yams's sources (CYaml).
skylens: embedded-library libyaml [usr/lib/skylens/skylens]
# zlib, built into the binary by SwiftPM from swift-nio-extras's sources (CNIOExtrasZlib).
skylens: embedded-library zlib [usr/lib/skylens/skylens]
OVERRIDES

# Depends: the package of each shared library the binary needs (libc6 for the loader too).
depends="$(ldd "$binary" | awk '/=> \// { print $3 } /^\t\/lib/ { print $1 }' | while read -r library; do
    dpkg -S "$library" 2>/dev/null || dpkg -S "$(readlink -f "$library")" 2>/dev/null || true
done | cut -d: -f1 | sort -u | paste -sd, | sed 's/,/, /g')"
[ -n "$depends" ] || { echo "no dependencies found with ldd"; exit 1; }

find "$stage" -type d -exec chmod 755 {} +
find "$stage/usr" -type f -exec chmod 644 {} +
chmod 755 "$binary"
size="$(du -sk "$stage/usr" | cut -f1)"
cat > "$stage/DEBIAN/control" <<EOF
Package: skylens
Version: ${version}
Architecture: ${arch}
Maintainer: SkyLens developers <skylens@users.noreply.github.com>
Installed-Size: ${size}
Depends: ${depends}
Recommends: libedit2, man-db
Section: utils
Priority: optional
Description: weather, warnings, the sky and the world's places in a terminal
 SkyLens shows the weather now and to come (Open-Meteo, or OpenWeatherMap with a
 key), official warnings (NWS, Environment Canada, MET Norway, MeteoAlarm), the
 sun's and moon's day, and 189,000 places on a map drawn in the terminal, in 15
 languages. Places, shorelines and borders ship with it: only the weather and
 the warnings need the network. libedit2 gives the interactive session line
 editing and history.
EOF
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$stage/DEBIAN/md5sums"
chmod 644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
echo "Built $deb ($(du -h "$deb" | cut -f1); Depends: ${depends})"
