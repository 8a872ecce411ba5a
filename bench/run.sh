#!/usr/bin/env bash
# bench/run.sh: staterootlint beside go vet on the same code, in the same run.
#
# Usage: bench/run.sh [std|xtools|task|act|kubectl|all|self]   (default: all = std xtools)
#        bench/run.sh drivers PROGRAM [RUNS]
#
# bench/run.sh drivers PROGRAM [RUNS] times the three drivers side by side
# on a corpus or holdout program, each beside the tool a team runs there:
# go vet -vettool against go vet, golangci-lint with govet and the plugin
# against golangci-lint's govet alone, and the standalone driver with
# --no-cache against go vet, every package re-run; then the standalone
# driver's warm rerun and its rerun after one leaf file is edited against
# go vet's, each with its own cache. Wall, user+sys CPU and peak RSS,
# medians of RUNS (default 5) alternating runs, the 1-minute load before
# and after each pair. It is bench/drivers.sh (see there).
#
# Otherwise:
#
# For each target it measures four runs one after the other and prints a
# markdown table of wall time, CPU time and peak RSS, with the ratio of each
# to go vet's on the same target (wall and CPU side by side: on a machine
# with few cores a run that is less parallel than go vet's shows a wall
# ratio above its CPU ratio):
#
#   go vet                  the default vet suite
#   go vet -vettool         go vet -vettool=staterootlint: the suite under
#                           go vet, one process per package unit, facts
#                           passed between units in files
#   staterootlint           the standalone driver (one package at a time
#                           against export data, in one process), as users
#                           run it: without tests, and with --no-cache
#                           except in the cache rows of task and act
#   staterootlint --tests   the same with the _test.go files, which is the
#                           code go vet covers (go vet always vets tests)
#
# Targets:
#   std     the standard library: go vet std / staterootlint std, run in
#           $(go env GOROOT)/src (its own module, "std"); the pattern std is
#           ./... plus the vendored golang.org/x packages. The engine models
#           the standard library by tables unless told to analyze it: the
#           standalone driver does so by itself when std is the target, and
#           under go vet the script passes -rootflow.analyze-std, so both
#           do the same work
#   xtools  golang.org/x/tools@$XTOOLS_VERSION: its module cache directory
#           is copied into the scratch directory, made writable, and its
#           dependencies downloaded (the Go module proxy is the only network
#           access); pattern ./...
#   task    github.com/go-task/task/v3 and
#   act     github.com/nektos/act: real programs with large dependency
#           graphs (930 and 565 packages), at the versions pinned in
#           bench/corpus/NAME/module, downloaded through the Go module proxy
#           and copied into the scratch directory with the corpus's
#           .staterootlint.yaml; pattern ./...
#   kubectl k8s.io/kubectl@$KUBECTL_VERSION, a Kubernetes client (client-go,
#           apimachinery, cli-runtime: 863 packages), the same way but
#           without a configuration file (it is not in the corpus). Beside
#           the four runs above, task, act and kubectl measure
#           staterootlint's own cache (under a fresh
#           XDG_CACHE_HOME): a cold run, a warm rerun of the unchanged tree,
#           and a rerun after a comment is appended to one file of a leaf
#           package of the program (one the program's other packages import
#           and that imports none of them)
#   self    this repository, ./... (a quick smoke test of the script)
#
# Method (what makes the numbers comparable):
#   * The binary is built from this checkout (or from $REV):
#     go build ./cmd/staterootlint.
#   * Per target, a fresh GOCACHE is warmed (untimed) with
#     go list -export -deps -test PATTERN (and the flags the standalone
#     driver lists with), which compiles every package and test variant
#     the runs need. Each timed run then gets its own copy of
#     that cache (cp -a, untimed), so both vet runs pay the same, zero,
#     compile cost and neither is served cached vet results.
#     The vet runs write go's -debug-actiongraph; a vet run that executed
#     no analysis (results served from a cache) is marked FAILED, and the notes
#     column shows how many analysis units ran and how many packages had
#     to be compiled (0 when the warm-up did its job).
#   * /usr/bin/time -f '%e %U %S %M' gives wall seconds, CPU seconds
#     (user+sys over the whole process tree) and peak RSS. For a
#     tree of processes %M is the largest single process: for go vet that
#     is the go command or one vet unit, for the standalone driver the whole
#     analysis. The "tree MiB" column samples the summed RSS of the whole
#     process tree every 0.5 s, which is what concurrent vet units cost
#     together (a lower bound: at least the largest process's peak).
#   * Exit status 0 or 1 (findings) is expected. Any other status, a
#     "panic: ", a "fatal error: " or an "internal error" in a tool's output
#     marks its row FAILED; the remaining runs still go ahead, the table is
#     printed, and the script exits 1.
#   * Every measured process runs under ulimit -v $MEM_LIMIT_GIB GiB, so a
#     runaway analysis fails its row instead of pushing a shared machine
#     into the OOM killer.
#   * Runs are sequential; the 1-minute load average before each run is in
#     the table. On a shared machine the CPU column is the steadier one.
#
# Environment:
#   GO              the go command (default: go)
#   REV             build staterootlint from this git revision (git archive,
#                   e.g. REV=HEAD) instead of the working tree, so that
#                   uncommitted edits do not leak into the numbers
#   XTOOLS_VERSION  golang.org/x/tools version for xtools (default: v0.52.0)
#   KUBECTL_VERSION k8s.io/kubectl version for kubectl (default: v0.34.2)
#   MEM_LIMIT_GIB   address-space limit per measured process (default: 16)
#   BENCH_TMP       parent of the scratch directory (default: $TMPDIR or
#                   /tmp); it holds up to two copies of a warmed build cache,
#                   a few GiB for std
#   KEEP=1          keep the scratch directory (every run's stdout, stderr,
#                   time and action graph) and print its path
#
# Needs bash, GNU time at /usr/bin/time (apt-get install time), procps ps,
# util-linux setsid, awk.
set -euo pipefail

GO=${GO:-go}
XTOOLS_VERSION=${XTOOLS_VERSION:-v0.52.0}
KUBECTL_VERSION=${KUBECTL_VERSION:-v0.34.2}
MEM_LIMIT_GIB=${MEM_LIMIT_GIB:-16}

usage() {
	echo "usage: bench/run.sh [std|xtools|task|act|kubectl|all|self]" >&2
	echo "       bench/run.sh drivers PROGRAM [RUNS]" >&2
	exit 2
}

if [[ ${1:-} == drivers ]]; then
	(($# >= 2 && $# <= 3)) || usage
	exec "$(dirname "${BASH_SOURCE[0]}")/drivers.sh" "${@:2}"
fi

case ${1:-all} in
std | xtools | task | act | kubectl | self) targets=("$1") ;;
all) targets=(std xtools) ;;
*) usage ;;
esac
[[ $# -le 1 ]] || usage

log() { printf '%s bench: %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
die() {
	log "FAIL: $*"
	exit 1
}

[[ -x /usr/bin/time ]] || die "/usr/bin/time (GNU time) is missing: apt-get update && apt-get install -y time"
for cmd in ps setsid awk "$GO"; do
	command -v "$cmd" >/dev/null || die "$cmd not found"
done

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=bench/program.sh
source "$repo/bench/program.sh" # leaf_file
WORK=$(mktemp -d "${BENCH_TMP:-${TMPDIR:-/tmp}}/staterootlint-bench.XXXXXX")
cleanup() {
	if [[ ${KEEP:-} == 1 ]]; then
		log "kept $WORK"
	else
		chmod -R u+w "$WORK" 2>/dev/null || true
		rm -rf "$WORK"
	fi
}
trap cleanup EXIT

BIN=$WORK/staterootlint
build_dir=$repo
if [[ -n ${REV:-} ]]; then
	commit=$(git -C "$repo" rev-parse --short "$REV^{commit}")
	build_dir=$WORK/src
	mkdir "$build_dir"
	git -C "$repo" archive "$commit" | tar -x -C "$build_dir"
else
	commit=$(git -C "$repo" describe --always --dirty 2>/dev/null || echo unknown)
fi
log "building $BIN from ${REV:+$REV = }$commit"
(cd "$build_dir" && "$GO" build -o "$BIN" ./cmd/staterootlint)

# alive PID: the process exists and is not a zombie.
alive() {
	local state
	state=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) || return 1
	[[ -n $state && $state != Z ]]
}

rows=()  # finished table rows
nrun=0
failed=0
vet_wall='' vet_cpu='' vet_rss='' vet_tree=''

# ratio A B: A/B with two decimals.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }

# measure TARGET TOOL DIR CMD...: run CMD in DIR on its own copy of the
# target's warmed cache and add a table row.
measure() {
	local target=$1 tool=$2 dir=$3
	shift 3
	nrun=$((nrun + 1))
	local run=$WORK/run$nrun-$target
	mkdir -p "$run"
	cp -a "$WORK/cache-$target" "$run/gocache"
	local load rc=0 peak=0 cur pid
	read -r load _ </proc/loadavg
	log "$target: $tool (load $load): $*"
	# setsid: the run is its own session, so its whole tree can be summed.
	(cd "$dir" && ulimit -v $((MEM_LIMIT_GIB * 1024 * 1024)) && GOCACHE=$run/gocache exec setsid -w /usr/bin/time -o "$run/time" -f '%e %U %S %M' "$@" >"$run/stdout" 2>"$run/stderr") &
	pid=$!
	while alive "$pid"; do
		cur=$(ps -o rss= --sid "$pid" 2>/dev/null | awk '{ s += $1 } END { print s + 0 }')
		((cur > peak)) && peak=$cur
		sleep 0.5
	done
	wait "$pid" || rc=$?
	rm -rf "$run/gocache"

	local failure=''
	grep -hE '(^|[[:space:]])(panic|fatal error): |internal error' "$run/stdout" "$run/stderr" | head -n 3 >"$run/crash" || true
	if [[ -s $run/crash ]]; then
		failure="FAILED: $(head -n 1 "$run/crash" | cut -c1-120)"
	elif [[ $rc != 0 && $rc != 1 ]]; then
		failure="FAILED: exit $rc: $(grep -v '^[[:space:]]*$' "$run/stderr" | tail -n 1 | cut -c1-120)"
	fi
	if [[ -n $failure ]]; then
		failed=1
		log "$target: $tool $failure; tail of its stderr:
$(tail -n 10 "$run/stderr")"
	fi

	local wall user sys rss cpu
	read -r wall user sys rss < <(tail -n 1 "$run/time")
	cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.1f", u + s }')
	local findings notes
	findings=$(cat "$run/stdout" "$run/stderr" | grep -cE '^[^[:space:]#][^:]*\.go:[0-9]+(:[0-9]+)?: ' || true)
	notes="$findings findings, exit $rc"
	if [[ -f $run/actions.json ]]; then
		local units built
		read -r units built < <(awk '/"Mode":/ { m = $0 }
			/"Cmd": \[/ { if (m ~ /"vet"/) v++; else if (m ~ /"build"/) b++ }
			END { printf "%d %d\n", v, b }' "$run/actions.json")
		notes="$units units analyzed, $built compiled; $notes"
		if ((units == 0)); then
			failed=1
			failure="FAILED: no analysis ran (results served from a cache)"
		fi
	fi
	[[ -z $failure ]] || notes="$failure; $notes"
	if [[ $tool == "go vet" ]]; then
		vet_wall=$wall vet_cpu=$cpu vet_rss=$rss vet_tree=$peak
	fi
	((peak >= rss)) || peak=$rss # a sample missed the largest process's peak
	local tree=$((peak / 1024))
	rows+=("| $target | $tool | $wall | $cpu | $((rss / 1024)) | $tree | $(ratio "$wall" "$vet_wall") | $(ratio "$cpu" "$vet_cpu") | $(ratio "$rss" "$vet_rss") | $(ratio "$peak" "$vet_tree") | $load | $notes |")
	log "${rows[-1]}"
}

for target in "${targets[@]}"; do
	vet_flags=()
	case $target in
	std)
		dir=$("$GO" env GOROOT)/src
		pattern=std
		if "$BIN" -flags | grep -q '"rootflow.analyze-std"'; then
			vet_flags=(-rootflow.analyze-std)
		fi
		;;
	self)
		dir=$repo
		pattern=./...
		;;
	xtools)
		log "xtools: golang.org/x/tools@$XTOOLS_VERSION"
		src=$(cd "$repo" && "$GO" mod download -json "golang.org/x/tools@$XTOOLS_VERSION" |
			sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')
		[[ -n $src && -d $src ]] || die "go mod download golang.org/x/tools@$XTOOLS_VERSION gave no directory"
		dir=$WORK/xtools
		cp -r "$src" "$dir"
		chmod -R u+w "$dir"
		(cd "$dir" && "$GO" mod download)
		pattern=./...
		;;
	task | act | kubectl)
		if [[ $target == kubectl ]]; then
			modver=k8s.io/kubectl@$KUBECTL_VERSION
		else
			modver=$(head -n 1 "$repo/bench/corpus/$target/module")
		fi
		log "$target: $modver"
		src=$(cd "$repo" && "$GO" mod download -json "$modver" |
			sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')
		[[ -n $src && -d $src ]] || die "go mod download $modver gave no directory"
		dir=$WORK/$target
		cp -r "$src" "$dir"
		chmod -R u+w "$dir"
		if [[ $target != kubectl ]]; then
			cp "$repo/bench/corpus/$target/.staterootlint.yaml" "$dir/"
		fi
		(cd "$dir" && "$GO" mod download)
		pattern=./...
		;;
	esac

	log "$target: warming a fresh build cache in $dir (untimed)"
	(cd "$dir" && GOCACHE=$WORK/cache-$target "$GO" list -export -deps -test "$pattern" >/dev/null)
	for tests in "" -test; do
		(cd "$dir" && GOCACHE=$WORK/cache-$target "$GO" list -e -compiled -export -deps -pgo=off $tests "$pattern" >/dev/null)
	done
	log "$target: warm cache is $(du -sh "$WORK/cache-$target" | cut -f1)"

	vet_wall='' vet_cpu='' vet_rss='' vet_tree=''
	measure "$target" "go vet" "$dir" \
		"$GO" vet "-debug-actiongraph=$WORK/run$((nrun + 1))-$target/actions.json" "$pattern"
	measure "$target" "go vet -vettool${vet_flags[*]:+ ${vet_flags[*]}}" "$dir" \
		"$GO" vet "-debug-actiongraph=$WORK/run$((nrun + 1))-$target/actions.json" "-vettool=$BIN" "${vet_flags[@]}" "$pattern"
	measure "$target" "staterootlint --no-cache" "$dir" "$BIN" --no-cache "$pattern"
	measure "$target" "staterootlint --no-cache --tests" "$dir" "$BIN" --no-cache --tests "$pattern"
	if [[ $target == task || $target == act || $target == kubectl ]]; then
		xdg=$WORK/xdg-$target
		rm -rf "$xdg"
		measure "$target" "staterootlint, cold cache" "$dir" env XDG_CACHE_HOME="$xdg" "$BIN" "$pattern"
		measure "$target" "staterootlint, warm cache" "$dir" env XDG_CACHE_HOME="$xdg" "$BIN" "$pattern"
		leaf=$(leaf_file "$dir")
		echo "// bench/run.sh: an edit" >>"$dir/$leaf"
		log "$target: appended a comment to $leaf"
		measure "$target" "staterootlint, warm cache, $leaf edited" "$dir" env XDG_CACHE_HOME="$xdg" "$BIN" "$pattern"
		rm -rf "$xdg"
	fi
	chmod -R u+w "$WORK/cache-$target" 2>/dev/null || true
	rm -rf "$WORK/cache-$target"
done

cat <<EOF

staterootlint $commit, $("$GO" version), $(nproc) CPUs, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)

| target | tool | wall s | CPU s | peak RSS MiB | tree MiB | wall × vet | CPU × vet | RSS × vet | tree × vet | load1 | notes |
|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|
EOF
printf '%s\n' "${rows[@]}"
if ((failed)); then
	log "FAIL: some runs failed; see the notes column"
	exit 1
fi
