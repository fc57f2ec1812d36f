#!/usr/bin/env python3
"""Adds to a package's String Catalog every key its sources use, and lists the keys no source uses any more.

    scripts/catalogue-keys.py Packages/SkyFeature/Sources/SkyFeature [--also OTHER_SOURCES ...] [--prune]

A key is the English text of a `words("…")` or `words.count("…"` call, of a command declaration's `summary:`,
`discussion:` or argument `help:`, a plugin's `name`, an `Attribution`'s name, `detail:` and `licence:` (the shell
translates those with the feature's catalogue), or a `Sentence("…"` (an error's words, said later; `--also` names
the other targets whose sentences this catalogue holds: Core's are all in CoreKit's). New keys get their
English (a count's `one` and `other` forms) and no translation: the package's catalogue test then fails until every
language has one (docs/languages.md). Existing translations are never touched.
"""
import json, re, sys, pathlib

CALL = re.compile(
    r'(?:(?<!\w)words\(\w+\)\(|(?<!Argument\.)(?<!\w)words(?:\.count)?\(|\b(?:summary|discussion|help|detail|licence):|var name: String \{'
    r'|\bAttribution\(|\bSentence\()\s*')


def literal(text, i):
    """The Swift string literal starting at text[i] (after spaces): its value and the index after it, or None."""
    if text.startswith('"""', i):
        end = text.index('"""', i + 3)
        body = text[i + 3:end]
        lines = body.split('\n')[1:]
        indent = len(lines[-1]) if lines and lines[-1].strip() == '' else 0
        lines = [l[indent:] for l in lines[:-1]]
        out = ''
        for l in lines:
            if l.endswith('\\') and not l.endswith('\\\\'):
                out += l[:-1]
            else:
                out += l + '\n'
        return unescape(out.rstrip('\n')), end + 3
    if not text.startswith('"', i):
        return None
    j = i + 1
    raw = ''
    while text[j] != '"':
        if text[j] == '\\':
            raw += text[j:j + 2]
            j += 2
            continue
        if text[j] == '\n':
            return None
        raw += text[j]
        j += 1
    return unescape(raw), j + 1


def unescape(raw):
    if '\\(' in raw:
        return None  # interpolated: not a key
    out, k = '', 0
    while k < len(raw):
        c = raw[k]
        if c == '\\' and k + 1 < len(raw):
            n = raw[k + 1]
            if n == 'n': out += '\n'
            elif n == 't': out += '\t'
            elif n == 'u':
                close = raw.index('}', k)
                out += chr(int(raw[k + 3:close], 16))
                k = close + 1
                continue
            else: out += n
            k += 2
            continue
        out += c
        k += 1
    return out


def keys(sources):
    found = {}
    for path in sorted(pathlib.Path(sources).rglob('*.swift')):
        text = path.read_text()
        for m in CALL.finditer(text):
            got = literal(text, m.end())
            if got and got[0]:
                plural = m.group(0).startswith('words.count')
                found[got[0]] = found.get(got[0], False) or plural
    return found


def main():
    sources = pathlib.Path(sys.argv[1])
    catalogue = sources / 'Resources' / 'Localizable.xcstrings'
    data = json.loads(catalogue.read_text()) if catalogue.exists() else {}
    data.setdefault('sourceLanguage', 'en')
    data.setdefault('version', '1.0')
    strings = data.setdefault('strings', {})
    used = keys(sources)
    args = sys.argv[2:]
    while '--also' in args:
        i = args.index('--also')
        used.update(keys(args[i + 1]))
        del args[i:i + 2]
    added = 0
    for key, plural in used.items():
        entry = strings.setdefault(key, {})
        localizations = entry.setdefault('localizations', {})
        if plural and 'en' not in localizations:
            one = key.replace('%lld', '%lld', 1)
            localizations['en'] = {'variations': {'plural': {
                'one': {'stringUnit': {'state': 'translated', 'value': one}},
                'other': {'stringUnit': {'state': 'translated', 'value': key}}}}}
        if len(localizations) == 0 or (plural and len(localizations) == 1):
            added += 1
    # A key added by hand (`"extractionState": "manual"`, as Xcode marks one) is kept: a text the code takes from
    # elsewhere (the languages' notes).
    manual = {k for k, v in strings.items() if v.get('extractionState') == 'manual'}
    unused = sorted(set(strings) - set(used) - manual)
    if '--prune' in sys.argv:
        for key in unused:
            del strings[key]
    catalogue.parent.mkdir(exist_ok=True)
    catalogue.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + '\n')
    print(f'{len(used)} keys used, {added} without a translation yet, {len(unused)} unused'
          + (' (removed)' if '--prune' in sys.argv else ''))
    for key in unused:
        print('  unused:', json.dumps(key, ensure_ascii=False))


main()
