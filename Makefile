# Musicify: `make run` starts the app, `make test` runs every test.
SHELL := /bin/bash
.DEFAULT_GOAL := build

VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
GO_LDFLAGS := -s -w -X main.version=$(VERSION)
GO_SOURCES := $(shell find cmd internal web/embed.go \( -name '*.go' -o -name '*.sql' \) -not -name '*_test.go') go.mod go.sum
WEB_SOURCES := $(shell find web/src web/public web/build-plugins web/index.html web/vite.config.ts web/tsconfig.json -type f 2>/dev/null)

.PHONY: build run test test-go lint-go test-tools test-web e2e e2e-cluster e2e-real fuzz system-deps clean

## build: the single binary bin/musicify with the web app embedded
build: bin/musicify

web/node_modules/.installed: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	@touch $@

web/dist/index.html: web/node_modules/.installed $(WEB_SOURCES)
	cd web && npm run build

bin/musicify: web/dist/index.html $(GO_SOURCES)
	go build -trimpath -ldflags "$(GO_LDFLAGS)" -o $@ ./cmd/musicify

## run: start Musicify on http://localhost:8080 with its data in ./data; with
## no SMTP server, the first sign-up's code is read at /dev/mail on this machine
run: build
	MUSICIFY_DEV_MAIL=$${MUSICIFY_DEV_MAIL:-true} ./bin/musicify serve

## test: vet, Go tests with the race detector, web checks and browser tests
test: system-deps build test-go test-web e2e e2e-cluster e2e-real

# The race detector slows arithmetic tenfold and finds nothing on one
# goroutine: audio analysis (pure arithmetic, a minute and more under -race)
# runs its accuracy tests without it, and its test of songs analysed at
# once with it. Every other package runs wholly under -race.
NO_RACE_PKGS := ./internal/audiofeat
test-go: web/dist/index.html test-tools lint-go
	go vet ./...
	go test -race -timeout 40m $$(go list ./... | grep -v -x -F -e $$(go list $(NO_RACE_PKGS)))
	go test -race -run 'AtOnce' $(NO_RACE_PKGS)
	go test -timeout 10m $(NO_RACE_PKGS)

## lint-go: go.mod and go.sum are as go mod tidy leaves them, and staticcheck
## (from bin/tools) finds nothing
lint-go: web/dist/index.html test-tools
	@go mod tidy -diff || { echo "go.mod or go.sum is not tidy: run go mod tidy"; exit 1; }
	bin/tools/staticcheck ./...

test-web: web/node_modules/.installed
	cd web && npm run typecheck && npm run lint && npm run test:unit

e2e: system-deps bin/musicify
	cd web && npm run e2e

## e2e-cluster: two instances on one PostgreSQL, S3 bucket and NATS, in Chromium
e2e-cluster: system-deps test-tools bin/musicify web/node_modules/.installed
	go build -o bin/e2e-cluster ./internal/testserver/cluster
	cd web && npm run e2e:cluster

## e2e-real: Musicify as self-hosters run it (no demo, a generated music folder
## with the hard cases, real mail), on one instance with SQLite, then on two
## with PostgreSQL, S3 and NATS: a person's first day in Chromium and a Subsonic app
e2e-real: system-deps test-tools bin/musicify web/node_modules/.installed
	go build -o bin/e2e-cluster ./internal/testserver/cluster
	go build -o bin/genlibrary ./scripts/genlibrary
	cd web && npm run e2e:real

## fuzz: run every fuzz target for FUZZTIME each, one after the other.
## Plain `go test` (and so `make test`) runs their seeds under testdata/fuzz.
FUZZTIME ?= 30s
# One worker suits a small shared machine. Go minimizes every new input (60 s
# each by default); a short minimization leaves the time for finding. A
# failing input is kept under testdata/fuzz either way.
FUZZFLAGS ?= -parallel 1 -fuzzminimizetime 1s
FUZZ_TARGETS := \
	./internal/media:FuzzNativeProbe \
	./internal/library:FuzzReadFile \
	./internal/library:FuzzSidecarLyrics \
	./internal/covers:FuzzCoverRead \
	./internal/playlistfile:FuzzParse \
	./internal/search:FuzzFold \
	./internal/search:FuzzFind \
	./internal/search:FuzzWordList \
	./internal/recommend:FuzzRecommend \
	./internal/audiofeat:FuzzAnalyze \
	./internal/radio:FuzzAt \
	./internal/httpapi:FuzzJSONBodies \
	./internal/httpapi:FuzzMultipartForms \
	./internal/httpapi:FuzzRange \
	./internal/delivery:FuzzServe

fuzz:
	@failed=0; for t in $(FUZZ_TARGETS); do \
		scripts/fuzz.sh "$${t%%:*}" "$${t##*:}" $(FUZZTIME) $(FUZZFLAGS) || failed=1; \
	done; exit $$failed

## test-tools: the servers the contract suites start that Debian does not
## package (versitygw, an S3 gateway), built into bin/tools when missing
test-tools:
	@scripts/test-tools.sh

## system-deps: the Debian packages the tests need, installed with apt when missing
system-deps:
	@scripts/system-deps.sh

clean:
	rm -rf bin web/dist web/node_modules/.installed
