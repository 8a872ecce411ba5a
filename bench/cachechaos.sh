#!/usr/bin/env bash
# bench/cachechaos.sh: staterootlint's output must not depend on what its
# cache holds. On real programs, it compares byte for byte the JSON
# findings and `inventory --format json` of
#
#   nocache   --no-cache (the reference)
#   cold      a fresh cache
#   warm      the same cache, rerun
#   evicted   N entries of that cache deleted, chosen with SEED
#   corrupted N other entries overwritten (half torn, half garbage)
#   after     a warm rerun of the cache the last two runs rewrote
#
# Usage: bench/cachechaos.sh [-s SEED] [-n N] PROGRAM...
#
# A PROGRAM is looked up in bench/corpus, then bench/holdout, and copied
# as bench/program.sh does; it runs with its .staterootlint.yaml when it
# has one. SEED (default 1) drives shuf's random source, so a run is
# repeatable; it is printed. N defaults to 20. The build cache is the
# usual one (GOCACHE), the staterootlint cache a fresh XDG_CACHE_HOME per
# program. Exit status: 0 when every output matched, 1 when one differed
# (the first lines of the diff are printed), 2 when a program could not
# be run.
set -euo pipefail

seed=1 n=20
while getopts s:n: opt; do
	case $opt in
	s) seed=$OPTARG ;;
	n) n=$OPTARG ;;
	*) echo "usage: bench/cachechaos.sh [-s SEED] [-n N] PROGRAM..." >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if (($# == 0)); then
	echo "usage: bench/cachechaos.sh [-s SEED] [-n N] PROGRAM..." >&2
	exit 2
fi

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/program.sh
source "$here/program.sh"
top=$(cd "$here/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
GOCACHE=$(go env GOCACHE)
export GOCACHE
(cd "$top" && go build -o "$work/staterootlint" ./cmd/staterootlint)

# random N: the sorted lines of stdin, N of them picked by seed $1.
random() { shuf -n "$n" --random-source=<(yes "$1"); }

echo "cachechaos: seed $seed, $n entries evicted and $n corrupted"
status=0
for p in "$@"; do
	if ! program_copy "$p" "$work"; then
		status=2
		continue
	fi
	cfg=()
	[[ -f $dir/.staterootlint.yaml ]] && cfg=(--config "$dir/.staterootlint.yaml")
	cache=$work/cache-$p
	units=$cache/staterootlint/units-v3
	run() { # run NAME [flags...]: findings and inventory into $work/$p.NAME.*
		local name=$1 rc=0
		shift
		(cd "$copy" && XDG_CACHE_HOME=$cache "$work/staterootlint" --quiet "${cfg[@]}" "$@" --format json "${patterns[@]}") >"$work/$p.$name.json" 2>"$work/$p.$name.err" || rc=$?
		if ((rc > 1)); then
			echo "cachechaos: $p $name exited $rc:" >&2
			head -20 "$work/$p.$name.err" >&2
			return 1
		fi
		rc=0
		(cd "$copy" && XDG_CACHE_HOME=$cache "$work/staterootlint" inventory --quiet "${cfg[@]}" "$@" --format json "${patterns[@]}") >"$work/$p.$name.inv" 2>>"$work/$p.$name.err" || rc=$?
		if ((rc > 1)); then
			echo "cachechaos: $p inventory $name exited $rc:" >&2
			head -20 "$work/$p.$name.err" >&2
			return 1
		fi
	}
	entries() { find "$units" -mindepth 2 -type f | sort; }
	if ! run nocache --no-cache || ! run cold || ! run warm; then
		status=2
		continue
	fi
	mapfile -t gone < <(entries | random "$seed")
	rm -f "${gone[@]}"
	echo "$p: evicted ${#gone[@]} of $(($(entries | wc -l) + ${#gone[@]})) entries"
	run evicted || { status=2; continue; }
	mapfile -t bad < <(entries | random "$((seed + 1))")
	for i in "${!bad[@]}"; do
		if ((i % 2)); then
			printf garbage >"${bad[$i]}"
		else
			truncate -s "$(($(stat -c %s "${bad[$i]}") / 2))" "${bad[$i]}"
		fi
	done
	echo "$p: corrupted ${#bad[@]} entries"
	run corrupted || { status=2; continue; }
	run after || { status=2; continue; }
	for r in cold warm evicted corrupted after; do
		for kind in json inv; do
			if ! cmp -s "$work/$p.nocache.$kind" "$work/$p.$r.$kind"; then
				echo "$p: $r differs from --no-cache ($kind):"
				diff "$work/$p.nocache.$kind" "$work/$p.$r.$kind" | head -20
				status=$((status > 1 ? status : 1))
			fi
		done
	done
	echo "$p: $(wc -c <"$work/$p.nocache.json") bytes of findings, $(wc -c <"$work/$p.nocache.inv") of inventory: compared"
done
exit "$status"
