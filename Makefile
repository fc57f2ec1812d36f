# SkyLens: `make test` runs every package's tests and the end-to-end tests in one build.
SWIFT ?= swift
# Every local package (a new feature package is picked up without editing this file).
PACKAGES := $(sort $(notdir $(patsubst %/Package.swift,%,$(wildcard Packages/*/Package.swift))))
SOURCES := Package.swift App Tests Tools Benchmarks/Package.swift Benchmarks/Sources Fuzz/Package.swift Fuzz/Sources $(addprefix Packages/,$(PACKAGES))

SHARED_DATA ?= ../shared/data
CATALOGUE := Packages/Services/Sources/CitiesService/Resources/cities.skycat
ZONEGRID := Packages/Services/Sources/CitiesService/Resources/timezones.skytz
GEODATA := Packages/MapFeature/Sources/MapFeature/Resources/world.skygeo
COUNTRY_NAMES := Packages/Services/Sources/CitiesService/Resources/country-names.tsv
PLACE_NAMES := Packages/Services/Sources/CitiesService/Resources/place-names.tsv
# A Python with babel (CLDR) for place-names, e.g. python3 -m venv /tmp/placevenv && /tmp/placevenv/bin/pip install
# babel==2.18.0, then make place-names PYTHON=/tmp/placevenv/bin/python.
PYTHON ?= python3

.PHONY: all deps build run install deb uninstall test test-each format lint api clean help catalogue country-names place-names \
	geodata bench fuzz fuzz-smoke fuzz-build

FUZZERS := FuzzCommandLine FuzzOpenMeteo FuzzOpenWeatherMap FuzzCityList FuzzContactForm FuzzMapRenderer FuzzGeoData FuzzPlaces FuzzScreenKeys FuzzSky FuzzTerminalText
FUZZ_SECONDS ?= 300
# 0: a new random seed each run (make fuzz). The smoke uses a fixed seed and a run cap, so that CI replays a sequence
# of inputs already run here instead of finding something new by chance.
FUZZ_SEED ?= 0
FUZZ_RUNS ?= -1
FUZZ_CORPUS ?= .build/fuzz-corpus

all: build

help:
	@echo "make run        start SkyLens (same as: swift run App)"
	@echo "make test       every package's tests (from its own manifest) and the end-to-end tests, in one build folder"
	@echo "make test-each  each package's tests on its own, as the team that owns it runs them"
	@echo "make install    install skylens under PREFIX (default ~/.local): a binary that needs no Swift, its data,"
	@echo "                the bash, zsh and fish completions and the manual page; DESTDIR for packaging"
	@echo "make deb        build .build/skylens_<version>_<arch>.deb (Debian, Ubuntu): apt-get install ./that-file"
	@echo "make uninstall  remove what make install put under PREFIX"
	@echo "make build      build the App"
	@echo "make format     format the sources with swift format"
	@echo "make lint       check formatting and the size of the framework's public API (CI)"
	@echo "make deps       install the system library SkyLens builds against (SQLite's headers)"
	@echo "make bench      the speed and memory targets, measured in release mode (writes .build/benchmarks.md)"
	@echo "make fuzz       every libFuzzer harness for FUZZ_SECONDS (default 300) or FUZZ_RUNS runs each, FUZZERS to"
	@echo "                pick some; runs and coverage in .build/fuzz-report.txt (e.g. make fuzz FUZZ_RUNS=10000000)"
	@echo "make fuzz-smoke every harness from its seeds, 60,000 runs (20 s at most), a fixed seed (part of make test)"
	@echo "make catalogue  rebuild the built-in city catalogue and time-zone grid from $(SHARED_DATA) (docs/data-sources.md)"
	@echo "make country-names  rebuild the country names in the App's languages from $(SHARED_DATA) and the reviewed"
	@echo "                table scripts/country-names-common.tsv (Python only; docs/data-sources.md)"
	@echo "make place-names  rebuild the cities' own names in the App's languages (Tokio, 東京) from $(SHARED_DATA)"
	@echo "                and CLDR (Python with babel: PYTHON=...; docs/data-sources.md)"
	@echo "make geodata    rebuild the map's shorelines, borders and rivers from $(SHARED_DATA)/geo"

# The C library the build links: SQLite (GRDB), whose headers Debian and Ubuntu images with Swift have. Installed
# with apt when missing and running as root; otherwise the command to run is printed. libedit needs nothing: the App
# loads its runtime library (libedit.so.2) when it starts, and reads plain lines without it.
deps:
	@[ "$$(uname -s)" = Darwin ] && exit 0; missing=""; \
	[ -f /usr/include/sqlite3.h ] || missing="$$missing libsqlite3-dev"; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "Installing:$$missing"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
		else \
			echo "SkyLens needs:$$missing. Install them with: sudo apt-get install$$missing"; exit 1; \
		fi; \
	fi

build: deps
	$(SWIFT) build

run: deps
	$(SWIFT) run App

# Installed: PREFIX/lib/skylens holds the binary and the data bundles it reads beside itself (the city catalogue,
# the map's geography, each feature's words in every language: every `*.resources` the build made);
# PREFIX/bin/skylens is a link to it. The Swift runtime is linked in (--static-swift-stdlib),
# so the machine needs no Swift; the completion scripts and the manual page are generated by the installed binary
# from the commands' declarations.
PREFIX ?= $(HOME)/.local
DESTDIR ?=
STATIC_BUILD := .build-static
# On macOS the Swift runtime is part of the system: there is nothing to link in.
STATIC_FLAGS := $(if $(filter Darwin,$(shell uname -s)),,--static-swift-stdlib)
INSTALL_LIB = $(DESTDIR)$(PREFIX)/lib/skylens
INSTALL_BIN = $(DESTDIR)$(PREFIX)/bin
INSTALL_SHARE = $(DESTDIR)$(PREFIX)/share
COMPLETION_FILES = $(INSTALL_SHARE)/bash-completion/completions/skylens $(INSTALL_SHARE)/zsh/site-functions/_skylens \
	$(INSTALL_SHARE)/fish/vendor_completions.d/skylens.fish
MANUAL_FILE = $(INSTALL_SHARE)/man/man1/skylens.1

install: deps
	$(SWIFT) build -c release --product App $(STATIC_FLAGS) --scratch-path $(STATIC_BUILD)
	@set -e; bin="$$($(SWIFT) build -c release $(STATIC_FLAGS) --scratch-path $(STATIC_BUILD) --show-bin-path)"; \
	rm -rf "$(INSTALL_LIB)"; \
	install -d "$(INSTALL_LIB)" "$(INSTALL_BIN)" "$(INSTALL_SHARE)/bash-completion/completions" \
		"$(INSTALL_SHARE)/zsh/site-functions" "$(INSTALL_SHARE)/fish/vendor_completions.d" "$(INSTALL_SHARE)/man/man1"; \
	install -s -m 755 "$$bin/App" "$(INSTALL_LIB)/skylens"; \
	for bundle in "$$bin"/*.resources; do cp -R "$$bundle" "$(INSTALL_LIB)/"; done; \
	ln -sfn ../lib/skylens/skylens "$(INSTALL_BIN)/skylens"; \
	home="$$(mktemp -d)"; run() { SKYLENS_HOME="$$home" TERM=dumb "$(INSTALL_LIB)/skylens" "$$@"; }; \
	run completions bash > "$(INSTALL_SHARE)/bash-completion/completions/skylens"; \
	run completions zsh > "$(INSTALL_SHARE)/zsh/site-functions/_skylens"; \
	run completions fish > "$(INSTALL_SHARE)/fish/vendor_completions.d/skylens.fish"; \
	run manual > "$(MANUAL_FILE)"; \
	rm -rf "$$home"; \
	echo "Installed $(INSTALL_BIN)/skylens ($$(du -sh "$(INSTALL_LIB)" | cut -f1) in $(INSTALL_LIB)), its completions and its manual."; \
	case ":$$PATH:" in *":$(PREFIX)/bin:"*) ;; *) echo "Add $(PREFIX)/bin to PATH to run it as skylens.";; esac

# A Debian package of what make install installs, under /usr (issue 30): .build/skylens_<version>_<arch>.deb.
deb: deps
	bash Tools/make-deb.sh

uninstall:
	rm -rf "$(INSTALL_LIB)"
	rm -f "$(INSTALL_BIN)/skylens" $(COMPLETION_FILES) "$(MANUAL_FILE)"

# Every package's tests, each from its own manifest (the one description of its targets), then the App and the
# end-to-end tests: all in one build folder, so that what one package compiled the next one reuses. The build plan is
# made anew for each package (--disable-build-manifest-caching), or a plan cached for another root could be taken for
# this one's. Every package runs even when one fails; the status says whether any did. One test at a time: on two
# cores, tests that wait on processes would otherwise starve the ones that measure a deadline.
SCRATCH := $(CURDIR)/.build
BUILD_FLAGS := --scratch-path $(SCRATCH) --disable-build-manifest-caching

test: deps
	@failed=""; \
	for package in $(PACKAGES); do \
		echo "== Packages/$$package"; \
		$(SWIFT) build --build-tests --package-path Packages/$$package $(BUILD_FLAGS) \
			&& $(SWIFT) test --skip-build --no-parallel --package-path Packages/$$package $(BUILD_FLAGS) \
			|| failed="$$failed $$package"; \
	done; \
	echo "== the App and the end-to-end tests"; \
	$(SWIFT) build --build-tests $(BUILD_FLAGS) && $(SWIFT) test --skip-build --no-parallel $(BUILD_FLAGS) \
		|| failed="$$failed App"; \
	if [ -n "$$failed" ]; then echo "tests failed in:$$failed"; exit 1; fi
	$(MAKE) fuzz-smoke

test-each: deps
	@set -e; for package in $(PACKAGES); do \
		echo "== Packages/$$package"; \
		(cd Packages/$$package && $(SWIFT) test --no-parallel); \
	done

format:
	$(SWIFT) format --in-place --recursive $(SOURCES)

lint: api
	$(SWIFT) format lint --strict --recursive $(SOURCES)

# A command is a type (issue 26): no feature reads an argument by its name or picks a command by its name; and the
# framework a feature depends on stays small: its public declarations (types and members marked public in
# Packages/Architecture/Sources/Architecture), fewer than 100. The shell's needs are `package` access.
api:
	@found=$$(grep -rnE 'arguments\[ *"|arguments\.(flag|integer)\(|command\.name|invocation\.' \
		Packages/*Feature/Sources App/Main --include=*.swift || true); \
	if [ -n "$$found" ]; then echo "An argument read by its name, or a command picked by its name:"; \
		echo "$$found"; exit 1; fi
	@count=$$(grep -h '^[[:space:]]*\(@MainActor \)\{0,1\}public ' Packages/Architecture/Sources/Architecture/*.swift | wc -l); \
	echo "Architecture's public API: $$count declarations (fewer than 100)"; [ "$$count" -lt 100 ]

# The built-in city list, prepared ahead so that the App never parses, folds or sorts it at run time.
catalogue: deps
	mkdir -p .build/catalogue-src
	gunzip -c $(SHARED_DATA)/cities.json.gz > .build/catalogue-src/cities.json
	gunzip -c $(SHARED_DATA)/cities-extra.csv.gz > .build/catalogue-src/cities-extra.csv
	gunzip -c $(SHARED_DATA)/cities-regions.csv.gz > .build/catalogue-src/cities-regions.csv
	gunzip -c $(SHARED_DATA)/cities-aliases.tsv.gz > .build/catalogue-src/cities-aliases.tsv
	gunzip -c $(SHARED_DATA)/cities-more.csv.gz > .build/catalogue-src/cities-more.csv
	gunzip -c $(SHARED_DATA)/airports.csv.gz > .build/catalogue-src/airports.csv
	gunzip -c $(SHARED_DATA)/tz-grid.txt.gz > .build/catalogue-src/tz-grid.txt
	cp $(SHARED_DATA)/countries.csv Packages/Services/Sources/CitiesService/Resources/countries.csv
	@# The tool links the module that ships the grid: a first build needs the file to exist.
	[ -f $(ZONEGRID) ] || : > $(ZONEGRID)
	$(SWIFT) run -c release CatalogueTool .build/catalogue-src/cities.json .build/catalogue-src/cities-extra.csv \
		.build/catalogue-src/cities-regions.csv .build/catalogue-src/cities-aliases.tsv \
		.build/catalogue-src/cities-more.csv .build/catalogue-src/airports.csv .build/catalogue-src/tz-grid.txt \
		$(CATALOGUE) $(ZONEGRID)

# The country names in the App's 14 other languages: iso-codes' ISO 3166-1 short names (via pycountry), with the
# formal ones ("Korea, Republik") replaced by the reviewed common names of scripts/country-names-common.tsv. Python
# only; fails when an override matches no row of the source.
country-names:
	python3 scripts/country-names.py $(SHARED_DATA)/country-names.tsv.gz scripts/country-names-common.tsv \
		$(COUNTRY_NAMES)

# The cities' own names in the App's 14 other languages (Wien, Москва, 東京): CLDR's exemplar city of each time zone
# (via babel), matched to the listed place of its English name in the zone, kept where the place's GeoNames other
# names confirm it or it is in another script. Python with babel; what it skips goes to standard error.
place-names:
	$(PYTHON) scripts/place-names.py $(SHARED_DATA) $(PLACE_NAMES)

# The map's geography (GSHHG, WDBII), simplified per zoom band and tiled, prepared ahead like the catalogue.
geodata:
	mkdir -p .build/geo-src
	for file in $(SHARED_DATA)/geo/*.txt.gz; do gunzip -c $$file > .build/geo-src/$$(basename $$file .gz); done
	$(SWIFT) run -c release GeoTool .build/geo-src $(GEODATA)

# Release builds of the App and of the benchmark harness, then the measurements; fails when a target is missed. The
# build plans are made anew: one cached before a file was added to a local package would not find the file.
# PyEphem, for the sky's events side by side (issue 30: SkyLens's at least 20 times faster).
BENCH_VENV = .build/bench-venv

$(BENCH_VENV)/bin/python:
	python3 -m venv $(BENCH_VENV) && $(BENCH_VENV)/bin/pip install --quiet ephem==4.2.1

bench: deps $(BENCH_VENV)/bin/python
	$(SWIFT) build -c release --product App --disable-build-manifest-caching
	cd Benchmarks && $(SWIFT) build -c release --disable-build-manifest-caching
	@status=0; SKYLENS_BENCH_PYTHON=$(BENCH_VENV)/bin/python \
		Benchmarks/.build/release/SkyLensBench .build/release/App > .build/benchmarks.md || status=$$?; \
		cat .build/benchmarks.md; exit $$status

# libFuzzer harnesses (Fuzz/): built with the fuzzer sanitizer, each run on a copy of its seed corpus (the seeds in
# Fuzz/Corpus stay as they are); a crash stops with its input in Fuzz/artifacts/.
fuzz-build: deps
	cd Fuzz && $(SWIFT) build -c release --sanitize=fuzzer

fuzz: fuzz-build
	@mkdir -p Fuzz/artifacts $(FUZZ_CORPUS)
	@: > .build/fuzz-report.txt
	@set -e; for harness in $(FUZZERS); do \
		mkdir -p $(FUZZ_CORPUS)/$$harness; cp -n Fuzz/Corpus/$$harness/* $(FUZZ_CORPUS)/$$harness/ 2>/dev/null || true; \
		echo "== $$harness ($(FUZZ_SECONDS) s)"; \
		SWIFT_BACKTRACE=enable=no SWIFT_DETERMINISTIC_HASHING=1 Fuzz/.build/release/$$harness $(FUZZ_CORPUS)/$$harness \
			-max_total_time=$(FUZZ_SECONDS) -runs=$(FUZZ_RUNS) -seed=$(FUZZ_SEED) -rss_limit_mb=2048 \
			-print_final_stats=1 -print_coverage=1 -artifact_prefix=Fuzz/artifacts/ \
			> .build/fuzz-$$harness.log 2>&1 || { tail -30 .build/fuzz-$$harness.log; exit 1; }; \
		runs=$$(grep -o 'number_of_executed_units: [0-9]*' .build/fuzz-$$harness.log | grep -o '[0-9]*$$'); \
		cov=$$(grep -o 'cov: [0-9]*' .build/fuzz-$$harness.log | tail -1 | grep -o '[0-9]*$$'); \
		all=$$(sed -n 's/.*(\([0-9]*\) inline 8-bit counters).*/\1/p' .build/fuzz-$$harness.log | head -1); \
		awk -f Fuzz/coverage.awk .build/fuzz-$$harness.log > .build/fuzz-coverage-$$harness.txt; \
		project=$$(sed -n 's/^TOTAL //p' .build/fuzz-coverage-$$harness.txt); \
		echo "$$harness: $$runs runs, no crash; $$cov of $$all edges in the binary; SkyLens code reached: $$project" \
			| tee -a .build/fuzz-report.txt; \
	done

fuzz-smoke:
	rm -rf .build/fuzz-smoke-corpus
	$(MAKE) fuzz FUZZ_SECONDS=20 FUZZ_RUNS=60000 FUZZ_SEED=20261122 FUZZ_CORPUS=.build/fuzz-smoke-corpus

clean:
	rm -rf .build $(STATIC_BUILD) $(addsuffix /.build,$(addprefix Packages/,$(PACKAGES)))
