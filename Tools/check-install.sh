#!/usr/bin/env bash
# Installs SkyLens under a temporary PREFIX and checks it as a user would (issue 14's acceptance): it runs from any
# directory, needs no Swift runtime library, its bash completion loads and completes, its manual renders, and
# make uninstall takes it all away. Used by CI (.ci/run on Linux, the macOS job).
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="$(mktemp -d)/x"
home="$(mktemp -d)"
export SKYLENS_HOME="$home" XDG_CONFIG_HOME="$home/config"

make install PREFIX="$prefix"

echo "== runs from any directory"
# Each feature's words beside the binary: the sky in German and in Japanese, offline, from /.
german="$(cd / && HOME="$(mktemp -d)" "$prefix/bin/skylens" --lang de sky Toronto --date 2026-12-21)"
grep -q "Sonnenaufgang" <<<"$german" || { echo "the installed binary does not speak German:"; echo "$german"; exit 1; }
japanese="$(cd / && HOME="$(mktemp -d)" LC_ALL= LC_MESSAGES= LANG=ja_JP.UTF-8 "$prefix/bin/skylens" sky Toronto --date 2026-12-21)"
grep -q "日の出" <<<"$japanese" || { echo "the installed binary does not speak Japanese:"; echo "$japanese"; exit 1; }
answer="$(cd / && "$prefix/bin/skylens" --format json search toronto)"
grep -q '"schema":"skylens.search/1"' <<<"$answer" && grep -q '"name":"Toronto"' <<<"$answer" \
    || { echo "unexpected answer: ${answer:0:300}"; exit 1; }

if [ "$(uname -s)" = Linux ]; then
    echo "== no Swift runtime library"
    if ldd "$prefix/lib/skylens/skylens" | grep -i swift; then echo "linked against the Swift runtime"; exit 1; fi
    ldd "$prefix/lib/skylens/skylens"
fi

echo "== the bash completion loads and completes"
candidates="$(PATH="$prefix/bin:$PATH" bash -c "
    source '$prefix/share/bash-completion/completions/skylens'
    COMP_WORDS=(skylens weather Toro); COMP_CWORD=2; _skylens; echo \"\${COMPREPLY[*]}\"")"
echo "$candidates"
[[ "$candidates" == Toronto* ]] || { echo "no Toronto in the completions"; exit 1; }
test -s "$prefix/share/zsh/site-functions/_skylens"
test -s "$prefix/share/fish/vendor_completions.d/skylens.fish"

echo "== the manual renders"
if command -v man >/dev/null; then
    man -l "$prefix/share/man/man1/skylens.1" | grep -q "EXIT STATUS"
    man -l "$prefix/share/man/man1/skylens.1" | head -12
else
    echo "(no man here: checked with groff)"; groff -man -Tutf8 -ww -z "$prefix/share/man/man1/skylens.1"
fi

echo "== make uninstall leaves nothing"
make uninstall PREFIX="$prefix"
left="$(find "$prefix" -type f -o -type l)"
[ -z "$left" ] || { echo "left behind: $left"; exit 1; }
rm -rf "$prefix" "$home"
echo "install check: passed"
