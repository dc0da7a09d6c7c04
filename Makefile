# Gobblet: `make run` builds and starts the game; `make test` runs every test.
GO ?= go
BIN := bin
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
# SERVER=wss://play.example.org/ builds that online server into the game
# (make build, make dist): Invite a friend uses it when Options sets none.
SERVER ?=
LDFLAGS := -s -w -X main.version=$(VERSION) $(if $(SERVER),-X main.defaultServer=$(SERVER))
# -race needs cgo and a C compiler; without one the tests run without it.
# Pinned so every machine runs the same checks; go run fetches it once.
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
space := $(subst ,, )
# Every go command builds with -trimpath, as the release archives and the
# browser build do: a package compiled with and without it is compiled
# twice, and make test's stages (vet, the end-to-end builds, the Linux
# archive's test, the browser's .wasm and its vet) then share one build.
export GOFLAGS += -trimpath
RACE := $(shell command -v gcc >/dev/null 2>&1 && echo -race)

.PHONY: run run-deps build test checks unit unit-wasm vet bench check-go clean e2e e2e-tests e2e-sound e2e-deps screenshots gallery perf perf-web dist cross web serve-web bench-server

run: build run-deps
	./$(BIN)/gobblet

# The game needs a desktop session and, on Linux, OpenGL and X11 libraries.
run-deps:
	@if [ "$$(uname -s)" = Linux ]; then \
		test -n "$$DISPLAY$$WAYLAND_DISPLAY" || { echo "No display: run make run from a desktop session (or under Xvfb with DISPLAY set)."; exit 1; }; \
		for lib in libGL.so.1 libX11.so.6 libXrandr.so.2 libXcursor.so.1 libXi.so.6 libXinerama.so.1 libXxf86vm.so.1; do \
			ldconfig -p 2>/dev/null | grep -q "$$lib" || { echo "Missing $$lib: install Debian's libgl1 libx11-6 libxrandr2 libxcursor1 libxi6 libxinerama1 libxxf86vm1 (or your system's equivalents)."; exit 1; }; \
		done; \
	fi

build: check-go
	$(GO) build -trimpath -ldflags='$(LDFLAGS)' -o $(BIN)/ ./cmd/...

# make test runs two lanes side by side: the checks that compile (cross,
# vet, unit, unit-wasm: one after the other, each keeps both cores busy)
# and the end-to-end tests (which mostly wait for a game or a page to
# answer). Each lane's output is printed whole when it ends (make -O);
# each check says how long it took, and tools/e2erun each test.
test: check-go
	@$(MAKE) --no-print-directory -j3 $(if $(filter output-sync,$(.FEATURES)),-O) checks e2e

checks: check-go
	@for stage in cross vet unit unit-wasm; do \
		start=$$(date +%s); \
		$(MAKE) --no-print-directory $$stage || exit 1; \
		echo "make test: $$stage took $$(( $$(date +%s) - start )) s (load average $$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null))"; \
	done

vet:
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || { echo "gofmt would change:"; gofmt -l .; exit 1; }
	$(GO) vet -tags e2e ./...    # with the end-to-end tests (no file is built only without e2e)
	$(GO) run ./tools/typecheck  # still compiles where int is 32 bits: type-checked as GOARCH=386, not compiled again
	GOOS=js GOARCH=wasm $(GO) vet ./...   # the browser version (make web)
	$(GO) mod tidy -diff         # go.mod and go.sum say what the code imports
	$(GO) run $(STATICCHECK) ./...

# Unit tests, fuzz seed corpora (run as ordinary tests) and the protocol
# tests that drive the real gobblet-engine binary, under the race detector,
# except what it has nothing to find in and makes five to ten times slower:
# - NORACE_PKGS: packages that start no goroutine, neither their code and
#   tests nor any package of ours they import (internal/rules, whose
#   cross-checks then run at full size);
# - PLAIN_TESTS: tests whose work is one goroutine's: the layout checks of
#   every screen at every window size (internal/app's FingerSized, MidSize
#   and Overflow tests only lay out and measure) and the listing of
#   hundreds of megabytes of saved games (internal/settings);
# - BOTH_TESTS run in both: under -race at a smaller size (raceEnabled,
#   build tag race), to check their goroutines, and at full size without.
NORACE_PKGS := internal/rules internal/icon internal/input internal/untrusted
PLAIN_TESTS := FingerSized|MidSize|Overflow|^TestListingSavedGames
BOTH_TESTS := ^TestReachCountsWhatTheRulesReach$$
unit:
	$(GO) test $(RACE) -count=1 -timeout 20m -skip '$(PLAIN_TESTS)' $$($(GO) list ./... | grep -vE '/($(subst $(space),|,$(NORACE_PKGS)))$$')
	$(GO) test -count=1 -timeout 20m $(addprefix ./,$(NORACE_PKGS))
	$(GO) test -count=1 -timeout 20m -run '$(PLAIN_TESTS)|$(BOTH_TESTS)' ./internal/app/ ./internal/settings/ ./internal/solve/

# The browser build's own code, compiled to WebAssembly and run under
# Node.js with Go's runner: internal/coop (yielding to the page),
# internal/browser (fetch and the worker's messages), the search, the
# solver and the synthesizer letting the event loop run while they work,
# and the search worker (tools/web/searchworker: it makes the music too).
unit-wasm: check-go
	@command -v node >/dev/null 2>&1 || { echo "Node.js is missing: install Debian's nodejs (the browser build's unit tests run under it)."; exit 1; }
	PATH="$$PATH:$$($(GO) env GOROOT)/lib/wasm" GOOS=js GOARCH=wasm $(GO) test -short -p 1 -count=1 ./internal/coop/... ./internal/browser/... ./internal/solve ./internal/sound ./internal/search ./tools/web/searchworker

bench: check-go
	$(GO) test -run '^$$' -bench . -benchtime 2s ./internal/rules/
	$(GO) run ./cmd/gobblet-engine bench

check-go:
	@command -v $(GO) >/dev/null 2>&1 || { echo "Go is missing: install Go 1.26 or newer from https://go.dev/dl/ and run make again."; exit 1; }
	@$(GO) version | awk '{ split($$3, v, "."); sub("go", "", v[1]); if (v[1] < 1 || (v[1] == 1 && v[2] < 26)) { print "Go 1.26 or newer is needed; this is " $$3; exit 1 } }'

clean:
	rm -rf $(BIN) dist

# The browser version: a static folder (index.html, the .wasm and its
# gzipped copy, wasm_exec.js, icons, manifest, the 3×3 table) that any web
# server can host; tools/web prints the sizes. See docs/web.md.
web: check-go
	$(GO) run ./tools/web -out dist/web -version $(VERSION)

# Builds the browser version and serves it on this machine (PORT=8080)
# with gobblet-server, whose relay lets two browsers (or a browser and the
# desktop game) on this machine or the LAN play online. See docs/server.md.
PORT ?= 8080
serve-web: check-go
	$(GO) run ./tools/web -out dist/web -version $(VERSION)
	$(GO) build -trimpath -ldflags='$(LDFLAGS)' -o $(BIN)/ ./cmd/gobblet-server
	./$(BIN)/gobblet-server -addr 127.0.0.1:$(PORT) -web dist/web

# make bench-server: gobblet-server on loopback and its load generator:
# rooms held (BENCH_ROOMS, two sockets each), memory per room, the relay's
# latency with one room playing, then moves relayed per second and their
# latency with every room playing (a move every 5 s per player, then flat
# out). A process may open at most `ulimit -Hn` files: the default is
# 10,000 rooms, or as many as the server's limit allows. See docs/server.md.
BENCH_PORT ?= 18080
BENCH_ROOMS ?= $(shell n=$$(ulimit -Hn); if [ "$$n" = unlimited ] || [ "$$n" -ge 20100 ]; then echo 10000; else echo $$(( (n - 40) / 2 )); fi)
bench-server: check-go
	$(GO) build -trimpath -ldflags='$(LDFLAGS)' -o $(BIN)/ ./cmd/gobblet-server
	@./$(BIN)/gobblet-server -addr 127.0.0.1:$(BENCH_PORT) -web "" -log-level warn & pid=$$!; \
	./$(BIN)/gobblet-server loadtest -url ws://127.0.0.1:$(BENCH_PORT) -rooms $(BENCH_ROOMS) -duration 20s; rc=$$?; \
	kill -TERM $$pid; wait $$pid; exit $$rc

# Release archives for Windows, macOS and Linux (amd64 and arm64) under dist/.
dist: check-go
	$(GO) run ./tools/dist -out dist -version $(VERSION) -server '$(SERVER)'
	$(GO) run ./tools/dist -verify -out dist

# make test's build of a release archive, with its checks (the Windows
# executable uses the GUI subsystem and carries its icon and version), in a
# temporary folder: Windows on amd64 (CROSS_TARGETS). The Linux archive is
# built, checked and started by the end-to-end test
# TestLinuxArchiveStartsWithEmptyHome (on this machine's processor). The
# other platforms of make dist (macOS on arm64 and amd64, Linux and Windows
# on arm64) are type-checked, not compiled (tools/typecheck: each
# platform's own files and sizes, in seconds; a full build for each
# compiled the standard library and Ebitengine again, some 400 s of a
# 2-core machine's CI with an empty cache): the app bundle's assembly is
# checked by make dist, which builds all six.
CROSS_TARGETS ?= windows/amd64
CROSS_CHECKED ?= darwin/arm64 darwin/amd64 linux/arm64 windows/arm64
cross: check-go
	@tmp=$$(mktemp -d); $(GO) run ./tools/dist -out $$tmp -version $(VERSION) -targets $(CROSS_TARGETS) && $(GO) run ./tools/dist -verify -out $$tmp -targets $(CROSS_TARGETS); rc=$$?; rm -rf $$tmp; test $$rc = 0 || exit $$rc
	$(GO) run ./tools/typecheck $(addprefix -target ,$(CROSS_CHECKED))

# End-to-end tests: the real game in a virtual X server (Xvfb), driven by
# real mouse and keyboard events (xdotool), checked by screenshots, its
# debug log and its files; sound through a PulseAudio null sink. See e2e/.
# The browser version in headless Chromium: e2e/web/.
# tools/e2erun builds what they need once and runs E2E_JOBS tests at a
# time (default: cores + 1), each in a process with its own X server and
# browser, the longest first; E2E_RUN=REGEXP picks tests, E2E_FLAGS=-v
# prints every test's output. E2E_ARTIFACTS=DIR keeps screenshots of
# failures; E2E_PATIENCE=N stretches every wait (default 4: a wait ends as
# soon as the game answers). E2E_TIMEOUT is one test's limit.
E2E_TIMEOUT ?= 30m
E2E_JOBS ?=
E2E_RUN ?=
E2E_FLAGS ?=
e2e: e2e-tests e2e-sound

e2e-tests: check-go e2e-deps
	$(GO) run ./tools/e2erun -timeout $(E2E_TIMEOUT) $(if $(E2E_JOBS),-jobs $(E2E_JOBS)) $(if $(E2E_RUN),-run '$(E2E_RUN)') $(E2E_FLAGS)

# The sound player alone (internal/sound/cmd/soundcheck) with no sound
# server, through a null sink, muted, with music, and losing its server.
e2e-sound: check-go e2e-deps
	internal/sound/testdata/e2e.sh

# The README's pictures, taken by the end-to-end tests.
screenshots: check-go e2e-deps
	E2E_DOCS=$(CURDIR)/docs $(GO) test -tags e2e -count=1 -timeout $(E2E_TIMEOUT) -run 'TestHumanBeatsAI|TestClassicByKeyboard|TestOptionSurvives' ./e2e/
	E2E_DOCS=$(CURDIR)/docs $(GO) test -tags e2e -count=1 -timeout $(E2E_TIMEOUT) -run TestPlayInBrowser ./e2e/web/

# Every screen's picture in docs/screenshots, taken by e2e/gallery_test.go
# (about 5 minutes; not part of make test).
gallery: check-go e2e-deps
	E2E_GALLERY=$(CURDIR)/docs/screenshots $(GO) test -tags e2e -count=1 -timeout 20m -run TestGallery ./e2e/

# Which Debian packages the end-to-end tests still need (.ci/run installs them).
e2e-deps:
	@missing=""; \
	for pair in Xvfb:xvfb xdotool:xdotool import:imagemagick pulseaudio:pulseaudio parec:pulseaudio-utils sox:sox chromium:chromium; do \
		command -v $${pair%%:*} >/dev/null 2>&1 || missing="$$missing $${pair#*:}"; \
	done; \
	test -z "$$missing" || { echo "e2e: missing Debian packages:$$missing"; echo "     install them with: sudo apt-get install$$missing"; exit 1; }

# Speed is measured here, not in make test (which must pass on a busy
# machine): each figure is printed beside its goal. Run them on a quiet one.
# make perf: the real game under Xvfb: its start and quit, seven times over
# (PERF_STARTS), then CPU, memory and frame figures idle on the menu, idle
# in a game and while Expert thinks, and its quit after that game
# (e2e/perf_test.go; about three minutes). docs/performance.md keeps them.
perf: check-go e2e-deps
	$(GO) test -tags e2e -count=1 -timeout 10m -run '^$$' -bench 'Benchmark(StartQuit|Idle)$$' -benchtime 1x ./e2e/

# make perf-web: the browser version in headless Chromium: page load, the
# gaps between frames and the longest tasks while Expert thinks, the perfect
# 3×3 player's replies (e2e/web/perf_test.go), and for the page at 390×844
# and 1280×800 the time to the menu on a first visit and with the server
# gone, the bytes of a first visit, the gaps while Expert thinks with the
# mouse moving beside the same with nothing thinking (visit_test.go);
# about eight minutes.
# docs/web.md keeps them.
perf-web: check-go e2e-deps
	$(GO) test -tags e2e -count=1 -timeout 30m -run '^$$' -bench BenchmarkPage -benchtime 1x ./e2e/web/
