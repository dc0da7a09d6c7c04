# Gobblet: `make run` builds and starts the game; `make test` runs every test.
GO ?= go
BIN := bin
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X main.version=$(VERSION)
# -race needs cgo and a C compiler; without one the tests run without it.
RACE := $(shell command -v gcc >/dev/null 2>&1 && echo -race)

.PHONY: run build test unit vet fuzz-seeds bench check-go clean

run: build
	./$(BIN)/gobblet

build: check-go
	$(GO) build -trimpath -ldflags='$(LDFLAGS)' -o $(BIN)/ ./cmd/...

test: check-go vet unit

vet:
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || { echo "gofmt would change:"; gofmt -l .; exit 1; }
	$(GO) vet ./...

# Unit tests, fuzz seed corpora (run as ordinary tests) and the protocol
# tests that drive the real gobblet-engine binary.
unit:
	$(GO) test $(RACE) -count=1 ./...

bench: check-go
	$(GO) test -run '^$$' -bench . -benchtime 2s ./internal/rules/
	$(GO) run ./cmd/gobblet-engine bench

check-go:
	@command -v $(GO) >/dev/null 2>&1 || { echo "Go is missing: install Go 1.26 or newer from https://go.dev/dl/ and run make again."; exit 1; }
	@$(GO) version | awk '{ split($$3, v, "."); sub("go", "", v[1]); if (v[1] < 1 || (v[1] == 1 && v[2] < 26)) { print "Go 1.26 or newer is needed; this is " $$3; exit 1 } }'

clean:
	rm -rf $(BIN) dist
