#!/usr/bin/env bash
# bench/firsthour.sh: a newcomer's first hour with staterootlint, as one
# script, on a copy of the example app (examples/, the px app) in a
# temporary directory:
#
#   install      go install ./cmd/staterootlint from this clone into a temporary GOBIN
#   run          the README's main run: staterootlint -C examples ./...
#   init         staterootlint init into a file, then a run with that file as --config
#   explain      staterootlint explain FILE:LINE on the run's first finding
#   baseline     --write-baseline, then a run against it: clean
#   sarif        --format sarif parses as JSON with a "runs" array
#   inventory    inventory --by-command names px's commands
#   vet          go vet -vettool=$(command -v staterootlint) reports the findings
#   guardtest    a guardtest test in a scratch module (replace to this clone) passes
#
# Each step checks its exit code and one fact of its output, and prints a
# line with its time; the script stops at the first broken step, naming
# it. Nothing is downloaded but from the Go module proxy (the modules of
# this clone and of the example, usually in the module cache already).
#
# Usage: bench/firsthour.sh        (exit 0: every step passed; 1: a step broke)
set -euo pipefail

clone=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GOWORK=off GOFLAGS=-mod=mod NO_COLOR=1
export GOBIN=$work/bin
export PATH=$GOBIN:$PATH

started=$SECONDS
step_name=""
step_start=0

# begin NAME: start a step.
begin() {
	step_name=$1
	step_start=$SECONDS
}

# pass FACT: the step passed; print it with its time.
pass() {
	printf 'ok    %-10s %3ds  %s\n' "$step_name" $((SECONDS - step_start)) "$1"
}

# fail WHY [FILE...]: the step broke; print why and the files (its output), and stop.
fail() {
	printf 'FAIL  %-10s %3ds  %s\n' "$step_name" $((SECONDS - step_start)) "$1" >&2
	shift
	for f in "$@"; do
		[[ -s $f ]] && sed 's/^/      | /' "$f" >&2
	done
	printf 'firsthour: step %s broke after %ds\n' "$step_name" $((SECONDS - started)) >&2
	exit 1
}

# run DIR WANT OUT ERR CMD...: run CMD in DIR, stdout to OUT and stderr to
# ERR; fail unless it exits WANT.
run() {
	local dir=$1 want=$2 out=$3 err=$4
	shift 4
	local rc=0
	(cd "$dir" && "$@") >"$out" 2>"$err" || rc=$?
	if ((rc != want)); then
		fail "$* exited $rc, want $want" "$out" "$err"
	fi
}

# has FILE TEXT: fail unless FILE contains the line fragment TEXT.
has() {
	grep -qF -- "$2" "$1" || fail "the output lacks: $2" "$1"
}

cp -r "$clone/examples" "$work/examples"
rm -rf "$work/examples/.px" "$work/examples/px.lock"
(cd "$work/examples" && go mod edit -replace="github.com/staterootlint/staterootlint=$clone")
px=$work/examples

begin install
run "$clone" 0 "$work/install.out" "$work/install.err" go install ./cmd/staterootlint
[[ -x $GOBIN/staterootlint ]] || fail "go install wrote no $GOBIN/staterootlint" "$work/install.err"
run "$work" 0 "$work/version.out" "$work/version.err" staterootlint version
has "$work/version.out" "staterootlint "
pass "$(head -n1 "$work/version.out")"

begin run
run "$work" 1 "$work/run.out" "$work/run.err" staterootlint -C examples ./...
has "$work/run.out" 'internal/legacy/legacy.go:21:21: os.WriteFile writes "px-debug.log" relative to the working directory'
findings=$(wc -l <"$work/run.out")
[[ $(grep -vc '^internal/legacy/' "$work/run.out" || true) == 0 ]] || fail "a finding outside internal/legacy, where the example keeps its deliberate shadow writes" "$work/run.out"
pass "exit 1, $findings findings, all in internal/legacy"

begin init
run "$px" 0 "$work/proposed.yaml" "$work/init.err" staterootlint init ./...
has "$work/proposed.yaml" "state-dir: .px"
promised=$(sed -n 's/^# With this file: \([0-9]*\) findings.*/\1/p' "$work/proposed.yaml")
[[ -n $promised ]] || fail "the proposal does not say how many findings it gives" "$work/proposed.yaml"
run "$px" 1 "$work/init-run.out" "$work/init-run.err" staterootlint --config "$work/proposed.yaml" ./...
got=$(wc -l <"$work/init-run.out")
((got == promised)) || fail "with the proposal: $got findings, the proposal says $promised" "$work/init-run.out" "$work/proposed.yaml"
pass "the proposal parses back as a configuration: $got findings with it, as it says"

begin explain
pos=$(head -n1 "$work/run.out" | cut -d: -f1,2)
run "$px" 0 "$work/explain.out" "$work/explain.err" staterootlint explain "$pos"
has "$work/explain.out" "writes a path with"
pass "$(head -n1 "$work/explain.out")"

begin baseline
run "$px" 0 "$work/bl-write.out" "$work/bl-write.err" staterootlint --write-baseline "$work/baseline.json" ./...
has "$work/bl-write.err" "recorded $findings findings"
run "$px" 0 "$work/bl-run.out" "$work/bl-run.err" staterootlint --baseline "$work/baseline.json" ./...
[[ ! -s $work/bl-run.out && ! -s $work/bl-run.err ]] || fail "a run against the fresh baseline printed something" "$work/bl-run.out" "$work/bl-run.err"
pass "recorded $findings findings; the run against the baseline is clean (exit 0, silent)"

begin sarif
run "$px" 1 "$work/out.sarif" "$work/sarif.err" staterootlint --format sarif ./...
cat >"$work/sarifcheck.go" <<'EOF'
// Command sarifcheck reads SARIF on stdin and prints its runs and results.
package main

import (
	"encoding/json"
	"fmt"
	"os"
)

func main() {
	var doc struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []json.RawMessage `json:"results"`
		} `json:"runs"`
	}
	if err := json.NewDecoder(os.Stdin).Decode(&doc); err != nil {
		fmt.Fprintln(os.Stderr, "not JSON:", err)
		os.Exit(1)
	}
	if doc.Runs == nil {
		fmt.Fprintln(os.Stderr, "no runs array")
		os.Exit(1)
	}
	n := 0
	for _, r := range doc.Runs {
		n += len(r.Results)
	}
	fmt.Printf("SARIF %s, %d run(s), %d results\n", doc.Version, len(doc.Runs), n)
}
EOF
run "$work" 0 "$work/sarifcheck.out" "$work/sarifcheck.err" bash -c 'go run ./sarifcheck.go <out.sarif'
has "$work/sarifcheck.out" "$findings results"
pass "$(cat "$work/sarifcheck.out")"

begin inventory
run "$work" 0 "$work/inventory.out" "$work/inventory.err" staterootlint inventory -C examples --by-command
has "$work/inventory.out" "command run ("
pass "$(grep -c '^command ' "$work/inventory.out") commands: $(sed -n 's/^command \([^ ]*\) .*/\1/p' "$work/inventory.out" | tr '\n' ' ')"

begin vet
# shellcheck disable=SC2016 # expanded by the inner bash, as the docs show it
run "$px" 1 "$work/vet.out" "$work/vet.err" bash -c 'go vet -vettool="$(command -v staterootlint)" ./...'
has "$work/vet.err" 'internal/legacy/legacy.go:21:21: os.WriteFile writes "px-debug.log"'
pass "exit 1, $(grep -c '^internal/' "$work/vet.err") findings"

begin guardtest
scratch=$work/scratch
mkdir -p "$scratch"
cat >"$scratch/go.mod" <<EOF
module example.com/scratch

go 1.26.5

require github.com/staterootlint/staterootlint v0.0.0

replace github.com/staterootlint/staterootlint => $clone
EOF
cat >"$scratch/save.go" <<'EOF'
// Package scratch is the code under test: it writes through an os-shaped writer.
package scratch

import (
	"io/fs"
	"path/filepath"
)

// Save writes state.json under root through w.
func Save(w interface {
	WriteFile(string, []byte, fs.FileMode) error
}, root string) error {
	return w.WriteFile(filepath.Join(root, "state.json"), []byte("{}"), 0o644)
}
EOF
cat >"$scratch/save_test.go" <<'EOF'
package scratch

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/staterootlint/staterootlint/runtime/guard"
	"github.com/staterootlint/staterootlint/runtime/guardtest"
)

func TestSaveInsideRoot(t *testing.T) {
	root := t.TempDir()
	g := guardtest.Enforce(t, root)
	if err := Save(g, root); err != nil {
		t.Fatal(err)
	}
}

func TestSaveOutsideRefused(t *testing.T) {
	root, other := t.TempDir(), t.TempDir()
	g, err := guard.New(root)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	err = Save(g, other)
	var v *guard.ViolationError
	if !errors.As(err, &v) || !errors.Is(err, fs.ErrPermission) {
		t.Fatalf("a write outside the root: %v, want a *guard.ViolationError", err)
	}
	if _, statErr := os.Stat(filepath.Join(other, "state.json")); statErr == nil {
		t.Fatal("the refused write reached the disk")
	}
}
EOF
run "$scratch" 0 "$work/guardtest.out" "$work/guardtest.err" go test -count=1 -v ./...
has "$work/guardtest.out" "--- PASS: TestSaveInsideRoot"
has "$work/guardtest.out" "--- PASS: TestSaveOutsideRefused"
pass "go test in a scratch module: 2 tests passed"

printf 'firsthour: every step passed in %ds\n' $((SECONDS - started))
