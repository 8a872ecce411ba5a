#!/usr/bin/env bash
# bench/drivers.sh: staterootlint under each of its drivers beside the tool
# a team already runs there, on one real program, medians of alternating
# runs.
#
# Usage: bench/drivers.sh PROGRAM [RUNS]     (PROGRAM: a bench/corpus or
#        bench/holdout name, such as task or gh; RUNS default 5)
#
# Six pairs, each timed by bench/pairtime (A and B in turn, RUNS each,
# after one untimed warm-up; the ratio is taken pair by pair):
#
#   vet         A: go vet -vettool=staterootlint    B: go vet
#               each run busted by a flag value of its own
#   vetconfig   A: go vet -vettool=staterootlint    B: go vet
#               A busted by a changed configuration file, B by a flag
#   golangci    A: golangci-lint, govet + staterootlint
#               B: golangci-lint, govet alone
#   standalone  A: staterootlint --no-cache         B: go vet
#   warm        A: staterootlint, its cache warm, nothing changed
#               B: go vet, its results cached, nothing changed
#   edit        A: staterootlint after a comment is appended to one file
#                  of a leaf package (one the program's packages import,
#                  importing none of them), its cache warm before
#               B: go vet after the same edit, its results cached before
#
# PAIRS (default "vet vetconfig golangci standalone warm edit") picks the
# pairs. The first four re-run every package; in the last two each tool
# runs with its own cache, as a team reruns it (staterootlint's under a
# private XDG_CACHE_HOME, go vet's in the build cache), and each run of
# the edit pair appends its own comment, so every run has one edited file
# to redo. A program with no leaf package (mkcert: one package) skips the
# edit pair, with a row that says so.
#
# staterootlint is built static (CGO_ENABLED=0 go build), as
# docs/integrations.md says to install it for go vet and golangci-lint:
# the default build links the C runtime dynamically (spf13/pflag imports
# net), which every go vet unit pays at start.
#
# In the first four pairs every run re-runs every package. go vet keeps a
# unit's result in the build cache under the vet tool's ID (its -V=full
# line) and the flags, so each run changes one of them, with a value of
# its own (the run's process id): B, go vet's suite, gets -printf.funcs;
# in the vet pair A gets a file exclusion that matches nothing
# (-shadowwrite.exclude, which replaces the configuration's exclude for
# shadowwrite: on a program whose file sets exclude, shadowwrite reports
# there too); in the vetconfig pair A gets no flag and the copy's
# .staterootlint.yaml gets a comment line of its own instead, which
# changes the tool's -V=full ID (it hashes the configuration files), so
# the tool runs with the configuration as written. Both bust every unit,
# the facts-only ones included, and neither A compiles anything; the two
# pairs differ only in that, and the vetconfig pair writes the file in
# A's timed command (a few milliseconds). A bust made once and then timed
# again is a cached rerun, not the analysis:
# bench/results/2026-12-07-vet-bust-methods.md. Each golangci-lint run
# gets an empty lint cache (and --allow-parallel-runners, so another
# golangci-lint on the machine cannot fail it). The build cache is warmed
# first (untimed), so no run compiles. The program is downloaded through
# the Go module proxy at its pinned version and linted with its
# .staterootlint.yaml (the golangci-lint runs get the same keys as plugin
# settings, as docs/integrations.md says).
#
# golangci-lint is built with the plugin from the module proxy the way
# docs/integrations.md says (version GOLANGCI_VERSION, default v2.15.0);
# set GOLANGCI_LINT to a binary built so to skip that.
#
# The report is bench/pairtime's for each pair (user, sys, cpu = user+sys,
# wall, peak RSS: min, median, max; A/B ratios), with the 1-minute load
# before and after, then a markdown table of the pairs' medians
# (cpu = user+sys, wall, peak RSS of the largest process, the A/B cpu
# ratio with its spread) and the 1-minute load before and after each.
# Quote the median of cpu and say the load: timings are only comparable
# on a quiet machine. bench/run.sh drivers PROGRAM [RUNS] runs this.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(cd "$here/.." && pwd)
# shellcheck source=bench/program.sh
source "$here/program.sh"

(($# >= 1 && $# <= 2)) || {
	echo "usage: bench/drivers.sh PROGRAM [RUNS]" >&2
	exit 2
}
name=$1 runs=${2:-5}
GOLANGCI_VERSION=${GOLANGCI_VERSION:-v2.15.0}
PAIRS=${PAIRS:-vet vetconfig golangci standalone warm edit}
for p in $PAIRS; do
	case $p in
	vet | vetconfig | golangci | standalone | warm | edit) ;;
	*)
		echo "bench/drivers.sh: unknown pair $p in PAIRS (vet, vetconfig, golangci, standalone, warm, edit)" >&2
		exit 2
		;;
	esac
done
wants() { [[ " $PAIRS " == *" $1 "* ]]; }

work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
log() { printf '%s drivers: %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

log "building staterootlint from $(git -C "$top" describe --always --dirty), static (CGO_ENABLED=0)"
(cd "$top" && CGO_ENABLED=0 go build -o "$work/staterootlint" ./cmd/staterootlint && go build -o "$work/pairtime" ./bench/pairtime)

gcl=${GOLANGCI_LINT:-}
if [[ -z $gcl ]]; then
	log "building golangci-lint $GOLANGCI_VERSION with the plugin (docs/integrations.md)"
	wrapper=$work/golangci
	mkdir "$wrapper"
	awk '/^```go$/ { keep = 1; next } /^```$/ { if (keep && found) exit; keep = 0; text = ""; next }
		keep { text = text $0 "\n"; if ($0 ~ /commands.Execute/) found = 1 }
		END { printf "%s", text }' "$top/docs/integrations.md" >"$wrapper/main.go"
	grep -q 'commands.Execute' "$wrapper/main.go" || {
		echo "bench/drivers.sh: no main.go block in docs/integrations.md" >&2
		exit 2
	}
	(cd "$wrapper" && GOWORK=off go mod init staterootlint.local/golangci-lint >/dev/null 2>&1 &&
		GOWORK=off go get "github.com/golangci/golangci-lint/v2@$GOLANGCI_VERSION" >/dev/null 2>&1 &&
		GOWORK=off go mod edit -require=github.com/staterootlint/staterootlint@v0.0.0 -replace=github.com/staterootlint/staterootlint="$top" &&
		GOWORK=off go mod tidy >/dev/null 2>&1 &&
		GOWORK=off go build -o "$work/golangci-lint" .)
	gcl=$work/golangci-lint
fi

program_copy "$name" "$work" || exit 2
cfg=$dir/.staterootlint.yaml
[[ -f $cfg ]] && cp "$cfg" "$copy/.staterootlint.yaml"
{
	echo 'version: "2"'
	echo 'linters:'
	echo '  default: none'
	echo '  enable: [govet, staterootlint]'
	echo '  settings:'
	echo '    custom:'
	echo '      staterootlint:'
	echo '        type: module'
	echo '        description: writes outside the canonical state roots'
	if [[ -f $cfg ]]; then
		echo '        settings:'
		sed -e '/^[[:space:]]*#/d' -e '/^[[:space:]]*$/d' -e 's/^/          /' "$cfg"
	fi
	echo 'issues:'
	echo '  max-issues-per-linter: 0'
	echo '  max-same-issues: 0'
} >"$work/golangci-both.yml"
sed -e 's/enable: \[govet, staterootlint\]/enable: [govet]/' "$work/golangci-both.yml" >"$work/golangci-govet.yml"

log "$name: downloading modules and warming the build cache (untimed)"
(cd "$copy" && go mod download && go vet "${patterns[@]}" >/dev/null 2>&1 || true)
(cd "$copy" && "$work/staterootlint" --no-cache "${patterns[@]}" >/dev/null 2>&1 || true)
(cd "$copy" && GOLANGCI_LINT_CACHE=$work/gclcache "$gcl" run --config "$work/golangci-both.yml" "${patterns[@]}" >/dev/null 2>&1 || true)

pats="${patterns[*]}"
# go vet with every unit re-run: B of the vet, vetconfig and standalone pairs.
govet="exec go vet -printf.funcs=benchrun\$\$ $pats >/dev/null 2>&1"
rows=()
# pair LABEL TITLE A B: time A against B with bench/pairtime, print its report
# and keep a summary row of the medians for the table at the end.
pair() {
	local label=$1 title=$2 a=$3 b=$4 load
	load=$(cut -d' ' -f1 /proc/loadavg)
	printf '\n## %s: %s (load before: %s)\n\n' "$name" "$title" "$(cut -d' ' -f1-3 /proc/loadavg)"
	(cd "$copy" && "$work/pairtime" -n "$runs" -timeout 1h -a "$a" -b "$b") >"$work/pair.out" || true
	sed 's/^/    /' "$work/pair.out"
	printf '\n(load after: %s)\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
	rows+=("$(awk -v label="$label" -v load="$load/$(cut -d' ' -f1 /proc/loadavg)" '
		# "A cpu s MIN MEDIAN MAX", "A/B cpu MIN MEDIAN MAX"
		$1 == "A" && $2 == "cpu" { acpu = $5 } $1 == "B" && $2 == "cpu" { bcpu = $5 }
		$1 == "A" && $2 == "wall" { awall = $5 } $1 == "B" && $2 == "wall" { bwall = $5 }
		$1 == "A" && $2 == "peak" { apeak = $5 } $1 == "B" && $2 == "peak" { bpeak = $5 }
		$1 == "A/B" && $2 == "cpu" { r = sprintf("%.2f (%.2f–%.2f)", $4, $3, $5) }
		$1 == "A/B" && $2 == "wall" { w = sprintf("%.2f", $4) }
		END { printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |", label, acpu, bcpu, r, awall, bwall, w, apeak, bpeak, load }' "$work/pair.out")")
}

wants vet && pair "go vet -vettool=staterootlint / go vet, flags busted" "go vet -vettool=staterootlint vs go vet, every package re-run, each busted by a flag" \
	"exec go vet -vettool=$work/staterootlint -shadowwrite.exclude=bench-run-\$\$.go $pats >/dev/null 2>&1" \
	"$govet"
if wants vetconfig; then
	# A's configuration file gets a comment of its own each run; restored after.
	conf=$copy/.staterootlint.yaml orig=$work/staterootlint.yaml.orig had=0
	: >"$orig"
	if [[ -f $conf ]]; then cp "$conf" "$orig" && had=1; fi
	pair "go vet -vettool=staterootlint / go vet, config and flag busted" "go vet -vettool=staterootlint vs go vet, every package re-run, A busted by a changed configuration, B by a flag" \
		"{ cat $orig && echo '# bench/drivers.sh: run '\$\$; } >$conf && exec go vet -vettool=$work/staterootlint $pats >/dev/null 2>&1" \
		"$govet"
	if ((had)); then cp "$orig" "$conf"; else rm -f "$conf"; fi
fi
wants golangci && pair "golangci-lint: govet + staterootlint / govet" "golangci-lint: govet + staterootlint vs govet alone, empty lint cache" \
	"GOLANGCI_LINT_CACHE=$work/gcl-\$\$ exec $gcl run --allow-parallel-runners --config $work/golangci-both.yml $pats >/dev/null 2>&1" \
	"GOLANGCI_LINT_CACHE=$work/gcl-\$\$ exec $gcl run --allow-parallel-runners --config $work/golangci-govet.yml $pats >/dev/null 2>&1"
wants standalone && pair "staterootlint --no-cache / go vet" "staterootlint --no-cache (standalone, cold) vs go vet, every package re-run" \
	"exec $work/staterootlint --no-cache $pats >/dev/null 2>&1" \
	"$govet"
if wants warm || wants edit; then
	# staterootlint's cache under its own XDG_CACHE_HOME; GOCACHE fixed,
	# or the go command would follow XDG_CACHE_HOME to an empty build cache.
	own="env GOCACHE=$(go env GOCACHE) XDG_CACHE_HOME=$work/xdg $work/staterootlint"
	log "$name: filling staterootlint's and go vet's caches (untimed)"
	(cd "$copy" && $own "${patterns[@]}" >/dev/null 2>&1 || true)
	(cd "$copy" && go vet "${patterns[@]}" >/dev/null 2>&1 || true)
fi
wants warm && pair "staterootlint warm / go vet cached" "staterootlint, its cache warm, vs go vet, its results cached; nothing changed" \
	"exec $own $pats >/dev/null 2>&1" \
	"exec go vet $pats >/dev/null 2>&1"
if wants edit; then
	leaf=$(leaf_file "$copy")
	if [[ -z $leaf ]]; then
		log "$name: no leaf package to edit; the edit pair is skipped"
		rows+=("| staterootlint after a leaf edit / go vet after it | skipped: $name has no leaf package | | | | | | | | |")
	else
		log "$name: the edit pair appends comments to $leaf"
		pair "staterootlint after a leaf edit / go vet after it" "staterootlint vs go vet, each after a comment is appended to $leaf" \
			"echo '// bench/drivers.sh: an edit' >>$leaf && exec $own $pats >/dev/null 2>&1" \
			"echo '// bench/drivers.sh: an edit' >>$leaf && exec go vet $pats >/dev/null 2>&1"
	fi
fi

printf '\n## %s: the drivers side by side (medians of %s alternating runs each)\n\n' "$name" "$runs"
echo '| pair A / B | A cpu s | B cpu s | A/B cpu (min–max) | A wall s | B wall s | A/B wall | A peak MiB | B peak MiB | load1 before/after |'
echo '|---|---:|---:|---|---:|---:|---:|---:|---:|---|'
printf '%s\n' "${rows[@]}"
