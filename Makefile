# SkyLens: `make test` runs every package's tests and the end-to-end tests in one build.
SWIFT ?= swift
# Every local package (a new feature package is picked up without editing this file).
PACKAGES := $(sort $(notdir $(patsubst %/Package.swift,%,$(wildcard Packages/*/Package.swift))))
SOURCES := Package.swift App Tests Tools Benchmarks/Package.swift Benchmarks/Sources Fuzz/Package.swift Fuzz/Sources $(addprefix Packages/,$(PACKAGES))

SHARED_DATA ?= ../shared/data
CATALOGUE := Packages/Services/Sources/CitiesService/Resources/cities.skycat
GEODATA := Packages/MapFeature/Sources/MapFeature/Resources/world.skygeo

FUZZERS := FuzzCommandLine FuzzOpenMeteo FuzzOpenWeatherMap FuzzCityList FuzzContactForm FuzzMapRenderer FuzzGeoData FuzzPlaces FuzzScreenKeys FuzzSky FuzzTerminalText
FUZZ_SECONDS ?= 300
# 0: a new random seed each run (make fuzz). The smoke uses a fixed seed and a run cap, so that CI replays a sequence
# of inputs already run here instead of finding something new by chance.
FUZZ_SEED ?= 0
FUZZ_RUNS ?= -1
FUZZ_CORPUS ?= .build/fuzz-corpus

.PHONY: all deps build run test test-each format lint check-manifests clean help catalogue geodata bench fuzz fuzz-smoke fuzz-build

all: build

help:
	@echo "make run        start SkyLens (same as: swift run App)"
	@echo "make test       every package's tests and the end-to-end tests, in one build"
	@echo "make test-each  each package's tests on its own, as the team that owns it runs them"
	@echo "make build      build the App"
	@echo "make format     format the sources with swift format"
	@echo "make lint       check formatting, and that the root and the packages declare test targets alike (CI)"
	@echo "make deps       install the system library SkyLens builds against (SQLite's headers)"
	@echo "make bench      the speed and memory targets, measured in release mode (writes .build/benchmarks.md)"
	@echo "make fuzz       every libFuzzer harness for FUZZ_SECONDS (default 300) or FUZZ_RUNS runs each, FUZZERS to"
	@echo "                pick some; runs and coverage in .build/fuzz-report.txt (e.g. make fuzz FUZZ_RUNS=10000000)"
	@echo "make fuzz-smoke every harness from its seeds, 60,000 runs (20 s at most), a fixed seed (part of make test)"
	@echo "make catalogue  rebuild the built-in city catalogue from $(SHARED_DATA) (see docs/data-sources.md)"
	@echo "make geodata    rebuild the map's shorelines, borders and rivers from $(SHARED_DATA)/geo"

# The C library the build links: SQLite (GRDB), whose headers Debian and Ubuntu images with Swift have. Installed
# with apt when missing and running as root; otherwise the command to run is printed. libedit needs nothing: the App
# loads its runtime library (libedit.so.2) when it starts, and reads plain lines without it.
deps:
	@missing=""; \
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

# One test at a time: on two cores, tests that wait on processes would otherwise starve the ones that measure a
# deadline.
test: deps
	$(SWIFT) test --no-parallel
	$(MAKE) fuzz-smoke

test-each: deps
	@set -e; for package in $(PACKAGES); do \
		echo "== Packages/$$package"; \
		(cd Packages/$$package && $(SWIFT) test --no-parallel); \
	done

format:
	$(SWIFT) format --in-place --recursive $(SOURCES)

lint: check-manifests
	$(SWIFT) format lint --strict --recursive $(SOURCES)

# The root Package.swift repeats each package's test targets (one build for `make test`): they must agree.
check-manifests:
	$(SWIFT) Tools/check-manifests.swift

# The built-in city list, prepared ahead so that the App never parses, folds or sorts it at run time.
catalogue: deps
	mkdir -p .build/catalogue-src
	gunzip -c $(SHARED_DATA)/cities.json.gz > .build/catalogue-src/cities.json
	gunzip -c $(SHARED_DATA)/cities-extra.csv.gz > .build/catalogue-src/cities-extra.csv
	gunzip -c $(SHARED_DATA)/cities-regions.csv.gz > .build/catalogue-src/cities-regions.csv
	gunzip -c $(SHARED_DATA)/cities-aliases.tsv.gz > .build/catalogue-src/cities-aliases.tsv
	cp $(SHARED_DATA)/countries.csv Packages/Services/Sources/CitiesService/Resources/countries.csv
	$(SWIFT) run -c release CatalogueTool .build/catalogue-src/cities.json .build/catalogue-src/cities-extra.csv \
		.build/catalogue-src/cities-regions.csv .build/catalogue-src/cities-aliases.tsv $(CATALOGUE)

# The map's geography (GSHHG, WDBII), simplified per zoom band and tiled, prepared ahead like the catalogue.
geodata:
	mkdir -p .build/geo-src
	for file in $(SHARED_DATA)/geo/*.txt.gz; do gunzip -c $$file > .build/geo-src/$$(basename $$file .gz); done
	$(SWIFT) run -c release GeoTool .build/geo-src $(GEODATA)

# Release builds of the App and of the benchmark harness, then the measurements; fails when a target is missed.
bench: deps
	$(SWIFT) build -c release --product App
	cd Benchmarks && $(SWIFT) build -c release
	@status=0; Benchmarks/.build/release/SkyLensBench .build/release/App > .build/benchmarks.md || status=$$?; \
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
	rm -rf .build $(addsuffix /.build,$(addprefix Packages/,$(PACKAGES)))
