#!/usr/bin/env python3
"""Writes a place's own name in the App's 14 languages other than English, where CLDR knows it.

    scripts/place-names.py [SHARED_DATA] [OUTPUT.tsv]

SHARED_DATA (default /work/shared/data, `make place-names` passes $(SHARED_DATA)) holds the city list
(`cities.json.gz`, `cities-extra.csv.gz`, `cities-more.csv.gz`), the GeoNames other names (`cities-aliases.tsv.gz`,
no language tags) and the time-zone grid (`tz-grid.txt.gz`). The names themselves come from CLDR, as shipped in
babel (`pip install babel`): the exemplar city of every time zone (Asia/Tokyo: Tokio in German, 東京 in Japanese,
Москва for Europe/Moscow in Russian). OUTPUT (default `Packages/Services/Sources/CitiesService/Resources/
place-names.tsv`) gets `id<TAB>lang<TAB>name`, UTF-8, sorted by language then id.

1. Each zone's English exemplar city (CLDR's English, else root, else the zone id: `Mexico_City` -> Mexico City) is
   matched to the places of that listed name (folded: case, accents, punctuation) in the zone's country, and to
   those with it as another name when two other languages' CLDR names are among their other names too (`New York`
   is the state's row, the city's is `New York City`; `Puerto Rico`, an old name of San Juan, does not make San Juan
   Puerto Rico). The most important of them, as the catalogue orders a name's places (known population first,
   higher population, lower id: the place's own id), must lie in that very zone (GeoNames' zone of the row, or the
   boundaries' at its coordinates): a zone's exemplar city does. Otherwise the zone is skipped, as are the zones
   whose English name is qualified (`Knox, Indiana`: the other languages qualify it too, インディアナ州ビンセンス).
2. For each language, CLDR's own exemplar name (the locale and its parents, never root's: a name root gives every
   language is not that language's) is kept when it differs from the listed name and either is one of the place's
   other names (folded) or is written in a script the listed name is not (Cyrillic, Han/Kana, Hangul, Arabic...).

Places that are no zone's exemplar city (Munich, Cologne, most of the list) get no row: they keep their listed name.
"""
import collections, csv, gzip, json, pathlib, re, sys, unicodedata

try:
    from babel import __version__ as BABEL_VERSION, localedata
    from babel.core import get_cldr_version, get_global
except ImportError:
    sys.exit('place-names.py needs babel: python3 -m venv /tmp/placevenv && /tmp/placevenv/bin/pip install '
             'babel==2.18.0, then make place-names PYTHON=/tmp/placevenv/bin/python')

# The babel the shipped file was made with (CLDR 47): another one gives other names (a change to review, not an error).
BABEL_MADE_WITH = '2.18.0'

# The App's languages and the babel locales whose own data give their names, most specific first (no root).
LANGUAGES = {'de': ['de'], 'fr': ['fr'], 'es': ['es'], 'it': ['it'], 'pt-BR': ['pt_BR', 'pt'], 'nl': ['nl'],
             'pl': ['pl'], 'tr': ['tr'], 'ru': ['ru'], 'uk': ['uk'], 'ar': ['ar'], 'ja': ['ja'],
             'zh-Hans': ['zh_Hans', 'zh'], 'ko': ['ko']}
ROOT = pathlib.Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = ROOT / 'Packages/Services/Sources/CitiesService/Resources/place-names.tsv'
CONTROL = re.compile(r'[\x00-\x1f\x7f-\x9f\u2028\u2029]')
# Soft hyphens and zero-width spaces: hints for breaking a line (CLDR's German `Reyk­ja­vík`), not part of a name.
INVISIBLE = re.compile(r'[\u00ad\u200b\u2060\ufeff]')
# A qualifier after the name (`Knox, Indiana`, `Tripoli (Libye)`, `인디애나주, 녹스`): not a name to show in a list.
QUALIFIED = re.compile(r'[,،、，()（）\[\]]')


def clean(name):
    """NFC, no control characters or tabs, single spaces, no spaces at the ends."""
    name = CONTROL.sub(' ', INVISIBLE.sub('', unicodedata.normalize('NFC', name)))
    return re.sub(r'\s+', ' ', name).strip()


def fold(name):
    """Case and accents folded (the comparison the keep rule uses): `Kijów` -> `kijow`, `İstanbul` -> `istanbul`."""
    decomposed = unicodedata.normalize('NFKD', name.casefold())
    return unicodedata.normalize('NFC', ''.join(c for c in decomposed if not unicodedata.combining(c)))


def loose(name):
    """Folded and without punctuation or spaces, for finding a place by its English name: `St. John’s`."""
    return ''.join(c for c in fold(name) if c.isalnum())


def scripts(name):
    """The scripts of a name's letters; Han, Hiragana and Katakana count as one (Japanese mixes them)."""
    found = set()
    for c in name:
        if not unicodedata.category(c).startswith('L'):
            continue
        word = unicodedata.name(c, 'UNKNOWN').split()[0]
        found.add('Han/Kana' if word in ('CJK', 'HIRAGANA', 'KATAKANA', 'KATAKANA-HIRAGANA') else word)
    return found


class ZoneGrid:
    """`tz-grid.txt.gz`: the zone of each 0.1° cell, run-length coded per band of latitude, decoded when asked."""

    def __init__(self, path):
        with gzip.open(path, 'rt', encoding='utf-8') as f:
            lines = f.read().split('\n')
        self.zones = lines[1].split()
        self.bands = lines[2:1802]
        self.decoded = {}

    def zone(self, lat, lon):
        row = min(1799, max(0, int((90 - lat) / 0.1)))
        col = min(3599, max(0, int((lon + 180) / 0.1)))
        if row not in self.decoded:
            cells = []
            for run in self.bands[row].split():
                index, _, count = run.partition('*')
                cells.extend([int(index)] * int(count or 1))
            self.decoded[row] = cells
        return self.zones[self.decoded[row][col]]


def read_places(data):
    """The listed rows (id -> name, country, lat, lon, population or None, zone or '') and the other names."""
    places = {}
    with gzip.open(data / 'cities.json.gz', 'rt', encoding='utf-8') as f:
        for row in json.load(f):
            ident = int(row.get('_id', row.get('id')))
            places[ident] = [clean(row['name']), row['country'], row['coord']['lat'], row['coord']['lon'], None, '']
    with gzip.open(data / 'cities-extra.csv.gz', 'rt', encoding='utf-8') as f:
        for row in csv.DictReader(f):
            place = places.get(int(row['id']))
            if place:
                place[4] = int(row['population']) if row['population'] else None
                place[5] = row['timezone']
    with gzip.open(data / 'cities-more.csv.gz', 'rt', encoding='utf-8') as f:
        for row in csv.DictReader(f):
            places.setdefault(int(row['id']), [clean(row['name']), row['country'], float(row['lat']),
                                               float(row['lon']), int(row['population'] or 0), row['timezone']])
    aliases = collections.defaultdict(set)
    with gzip.open(data / 'cities-aliases.tsv.gz', 'rt', encoding='utf-8') as f:
        next(f)
        for line in f:
            ident, _, alias = line.rstrip('\n').partition('\t')
            aliases[int(ident)].add(clean(alias))
    return places, aliases


def cldr_cities():
    """Every CLDR zone key with an exemplar city: {key: {'en': name, lang: name...}}, names as the locales give them."""
    def own(locale):
        zones = localedata.load(locale, merge_inherited=False).get('time_zones', {})
        return {key: value['city'] for key, value in zones.items() if 'city' in value}
    root, english = own('root'), own('en')
    per_language = {}
    for lang, chain in LANGUAGES.items():
        merged = {}
        for locale in reversed(chain):
            merged.update(own(locale))
        per_language[lang] = merged
    keys = set().union(*per_language.values(), root, english)
    cities = {}
    for key in sorted(keys):
        if key.startswith('Etc/'):
            continue
        names = {'en': english.get(key) or root.get(key) or key.rsplit('/', 1)[-1].replace('_', ' ')}
        names.update({lang: names_of[key] for lang, names_of in per_language.items() if key in names_of})
        cities[key] = {k: clean(v) for k, v in names.items()}
    return cities


def main(argv):
    if len(argv) > 3:
        sys.exit(__doc__)
    data = pathlib.Path(argv[1] if len(argv) > 1 else '/work/shared/data')
    output = pathlib.Path(argv[2] if len(argv) > 2 else DEFAULT_OUTPUT)
    if BABEL_VERSION != BABEL_MADE_WITH:
        print(f'warning: babel {BABEL_VERSION}, not {BABEL_MADE_WITH}: CLDR\'s names may differ', file=sys.stderr)
    places, aliases = read_places(data)
    grid = ZoneGrid(data / 'tz-grid.txt.gz')
    territories, zone_aliases = get_global('zone_territories'), get_global('zone_aliases')

    def canonical(zone):
        return zone_aliases.get(zone, zone)

    by_name, by_alias = collections.defaultdict(list), collections.defaultdict(list)
    for ident, (name, country, *_rest) in places.items():
        by_name[(loose(name), country)].append(ident)
        for alias in aliases.get(ident, ()):
            by_alias[(loose(alias), country)].append(ident)

    def importance(ident):
        population = places[ident][4]
        return (population is None, -(population or 0), ident)

    def zone_of(ident):
        name, country, lat, lon, population, zone = places[ident]
        return canonical(zone or grid.zone(lat, lon))

    def in_zone(ident, zone):
        """GeoNames' zone of the row, or the boundaries' at its coordinates (Ceuta is Europe/Madrid in GeoNames)."""
        name, country, lat, lon, population, row_zone = places[ident]
        return canonical(row_zone) == zone or canonical(grid.zone(lat, lon)) == zone

    def confirmations(ident, names):
        """How many languages' CLDR names (other than the English one) are among the place's other names."""
        folded_aliases = {fold(alias) for alias in aliases.get(ident, ())}
        english = fold(names['en'])
        return sum(1 for lang, name in names.items()
                   if lang != 'en' and fold(name) != english and fold(name) in folded_aliases)

    cities = cldr_cities()
    matched, skipped = {}, []
    for key, names in cities.items():
        zone = canonical(key)
        country = territories.get(zone)
        if QUALIFIED.search(names['en']):
            # `Knox, Indiana`: the other languages qualify it too, in forms not to strip (インディアナ州ビンセンス).
            skipped.append(f'{key} ({names["en"]}): a qualified name')
            continue
        # The places of that listed name, and those that have it as another name when at least two other
        # languages' names confirm it (`New York` is the state's row, the city is `New York City`; but `Puerto
        # Rico`, an old name of San Juan, is not San Juan).
        by_its_name = by_name.get((loose(names['en']), country), [])
        confirmed = [ident for ident in by_alias.get((loose(names['en']), country), [])
                     if confirmations(ident, names) >= 2]
        candidates = sorted(set(by_its_name + confirmed), key=importance)
        if not country or not candidates:
            skipped.append(f'{key} ({names["en"]}, {country}): no listed place of that name')
            continue
        first = candidates[0]
        if not in_zone(first, zone):
            # A zone's exemplar city lies in the zone: the most important place of the name does not.
            skipped.append(f'{key} ({names["en"]}, {country}): the most important place of the name, '
                           f'#{first} {places[first][0]}, is in {zone_of(first)}')
            continue
        if first in matched:
            skipped.append(f'{key}: #{first} already matched by {matched[first]}')
            continue
        matched[first] = key

    rows, rules, dropped = {}, collections.Counter(), []
    for ident, key in matched.items():
        listed = places[ident][0]
        folded_aliases = {fold(alias) for alias in aliases.get(ident, ())}
        for lang in LANGUAGES:
            name = cities[key].get(lang)
            if not name:
                rules['none'] += 1
                continue
            if name == listed:
                rules['same'] += 1
                continue
            if QUALIFIED.search(name):
                dropped.append(f'{lang} #{ident} {listed}: {name} (a qualifier)')
                rules['qualified'] += 1
                continue
            by_alias = fold(name) in folded_aliases
            by_script = bool(scripts(name)) and not scripts(name) & scripts(listed)
            if by_alias or by_script:
                rows[(lang, ident)] = name
                rules['alias and script' if by_alias and by_script else 'alias' if by_alias else 'script'] += 1
            else:
                dropped.append(f'{lang} #{ident} {listed}: {name} (same script, not another name)')
                rules['unconfirmed'] += 1

    output.parent.mkdir(parents=True, exist_ok=True)
    with open(output, 'w', encoding='utf-8', newline='\n') as f:
        f.write('id\tlang\tname\n')
        for (lang, ident), name in sorted(rows.items()):
            f.write(f'{ident}\t{lang}\t{name}\n')

    per_language = collections.Counter(lang for lang, _ in rows)
    print(f'babel {BABEL_VERSION} (CLDR {get_cldr_version()}): '
          f'{len(cities)} zone exemplar cities, {len(matched)} matched to a listed place, {len(skipped)} skipped')
    print(f'{output}: {len(rows)} rows for {len({ident for _, ident in rows})} places '
          f'({", ".join(f"{lang} {per_language[lang]}" for lang in LANGUAGES)})')
    print(f'kept because one of the other names: {rules["alias"] + rules["alias and script"]} '
          f'({rules["alias and script"]} of them in another script too); only because in another script: '
          f'{rules["script"]}; the listed name already: {rules["same"]}; no name of the language\'s own in CLDR: '
          f'{rules["none"]}; dropped: {rules["unconfirmed"]} in the same script and not another name, '
          f'{rules["qualified"]} with a qualifier (`Knox, Indiana`)')
    # What was left out and why, on standard error: worth a look when babel (CLDR) or the list changes.
    for message in skipped:
        print('skipped:', message, file=sys.stderr)
    for message in dropped:
        print('dropped:', message, file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
