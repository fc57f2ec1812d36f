#!/usr/bin/env python3
"""Writes the country names the App shows in its 14 languages other than English.

    scripts/country-names.py SOURCE.tsv.gz [OVERRIDES.tsv] [OUTPUT.tsv]

SOURCE is the workspace's `shared/data/country-names.tsv.gz` (`iso<TAB>lang<TAB>name`: the ISO 3166-1 short names of
Debian iso-codes, as shipped in pycountry 26.2.16, LGPL-2.1). Those are formal names ("Korea, Republik",
"Russie, Fédération de"), so every name a native speaker would not use is replaced by the reviewed table OVERRIDES
(default `scripts/country-names-common.tsv`: `iso<TAB>lang<TAB>name<TAB>why`, the App's language codes). OUTPUT
(default `Packages/Services/Sources/CitiesService/Resources/country-names.tsv`) gets `iso<TAB>lang<TAB>name`, sorted by
language then code. An override that matches no row of the source is an error (exit 1): the table and the source
must stay in step. A country the source lacks in a language is added by a row whose `why` starts with "added:".
"""
import gzip, pathlib, re, sys, unicodedata

# The App's languages and the source's codes for them (English has its own names in countries.csv).
LANGUAGES = {'de': 'de', 'fr': 'fr', 'es': 'es', 'it': 'it', 'pt-BR': 'pt', 'nl': 'nl', 'pl': 'pl', 'tr': 'tr',
             'ru': 'ru', 'uk': 'uk', 'ar': 'ar', 'ja': 'ja', 'zh-Hans': 'zh_CN', 'ko': 'ko'}
ROOT = pathlib.Path(__file__).resolve().parent.parent


def why_of(path, number):
    """The `why` column of line `number` of the overrides table."""
    line = pathlib.Path(path).read_text(encoding='utf-8').split('\n')[number - 1]
    return line.split('\t')[3] if line.count('\t') >= 3 else ''
CONTROL = re.compile(r'[\x00-\x1f\x7f-\x9f\u2028\u2029]')


def clean(name):
    """NFC, no control characters or tabs, single spaces, no spaces at the ends."""
    name = unicodedata.normalize('NFC', name)
    name = CONTROL.sub(' ', name)
    return re.sub(r'\s+', ' ', name).strip()


def read_source(path):
    by_source_code = {source: app for app, source in LANGUAGES.items()}
    names = {}
    with gzip.open(path, 'rt', encoding='utf-8') as f:
        header = f.readline().rstrip('\n').split('\t')
        if header != ['iso', 'lang', 'name']:
            sys.exit(f'{path}: unexpected header {header}')
        for number, line in enumerate(f, 2):
            fields = line.rstrip('\n').split('\t')
            if len(fields) != 3:
                sys.exit(f'{path}:{number}: expected 3 fields, got {len(fields)}')
            iso, lang, name = fields
            if lang in by_source_code:
                names[(iso, by_source_code[lang])] = clean(name)
    return names


def read_overrides(path):
    overrides = {}
    with open(path, encoding='utf-8') as f:
        header = f.readline().rstrip('\n').split('\t')
        if header != ['iso', 'lang', 'name', 'why']:
            sys.exit(f'{path}: unexpected header {header}')
        for number, line in enumerate(f, 2):
            if not line.strip():
                continue
            fields = line.rstrip('\n').split('\t')
            if len(fields) != 4:
                sys.exit(f'{path}:{number}: expected 4 fields, got {len(fields)}')
            iso, lang, name, why = fields
            if lang not in LANGUAGES:
                sys.exit(f'{path}:{number}: {lang} is not one of the App languages {sorted(LANGUAGES)}')
            if not re.fullmatch(r'[A-Z]{2}', iso) or not clean(name) or not why.strip():
                sys.exit(f'{path}:{number}: needs a two-letter code, a name and a reason')
            if (iso, lang) in overrides:
                sys.exit(f'{path}:{number}: {iso} {lang} is overridden twice')
            overrides[(iso, lang)] = (clean(name), number)
    return overrides


def main(argv):
    if not 2 <= len(argv) <= 4:
        sys.exit(__doc__)
    source = argv[1]
    overrides_path = argv[2] if len(argv) > 2 else ROOT / 'scripts/country-names-common.tsv'
    output = pathlib.Path(argv[3] if len(argv) > 3 else
                          ROOT / 'Packages/Services/Sources/CitiesService/Resources/country-names.tsv')
    names = read_source(source)
    overrides = read_overrides(overrides_path)

    applied, unmatched, unchanged = 0, [], []
    for key, (name, number) in sorted(overrides.items(), key=lambda item: item[1][1]):
        if key not in names and why_of(overrides_path, number).startswith('added:'):
            names[key] = name
            applied += 1
        elif key not in names:
            unmatched.append(f'{overrides_path}:{number}: {key[0]} {key[1]} matches no row of the source')
        elif names[key] == name:
            unchanged.append(f'{overrides_path}:{number}: {key[0]} {key[1]} is already "{name}" in the source')
        else:
            names[key] = name
            applied += 1

    rows = sorted(names.items(), key=lambda item: (item[0][1], item[0][0]))
    output.parent.mkdir(parents=True, exist_ok=True)
    with open(output, 'w', encoding='utf-8', newline='\n') as f:
        f.write('iso\tlang\tname\n')
        for (iso, lang), name in rows:
            f.write(f'{iso}\t{lang}\t{name}\n')

    per_language = {}
    for (_, lang) in names:
        per_language[lang] = per_language.get(lang, 0) + 1
    print(f'{output}: {len(rows)} rows, {len(LANGUAGES)} languages '
          f'({", ".join(f"{lang} {per_language.get(lang, 0)}" for lang in LANGUAGES)})')
    print(f'overrides: {len(overrides)} in the table, {applied} applied, {len(unchanged)} already equal to the '
          f'source, {len(unmatched)} matched no row')
    for message in unchanged:
        print('warning:', message, file=sys.stderr)
    for message in unmatched:
        print('error:', message, file=sys.stderr)
    return 1 if unmatched else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
