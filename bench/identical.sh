#!/usr/bin/env bash
# bench/identical.sh OLD NEW [PROGRAM...] checks that two staterootlint
# binaries give byte-identical output: the findings (--format json) and
# the inventory (inventory --format json) of each corpus program with its
# configuration (default: every program of bench/corpus and
# bench/holdout), and the findings over the standard library (std, from
# GOROOT/src). A restructuring that must change no output runs it against
# the binary of its starting commit:
#
#	git worktree add /tmp/start START && (cd /tmp/start && go build -o /tmp/old ./cmd/staterootlint)
#	go build -o /tmp/new ./cmd/staterootlint && bench/identical.sh /tmp/old /tmp/new
#
# It prints one line per program and exits 1 when any output differs
# (the diff is left in the work directory it names).
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/program.sh"
old=$(realpath "$1") new=$(realpath "$2")
shift 2
names=("$@")
if ((${#names[@]} == 0)); then
	for d in "$here"/corpus/*/ "$here"/holdout/*/; do
		[[ -f $d/module ]] && names+=("$(basename "$d")")
	done
fi
work=$(mktemp -d)
differ=0
for name in "${names[@]}"; do
	program_copy "$name" "$work" || { echo "$name: download failed"; differ=1; continue; }
	for bin in old new; do
		exe=${!bin}
		(cd "$copy" && "$exe" --no-cache --config "$dir/.staterootlint.yaml" --format json "${patterns[@]}") >"$work/$name.$bin.json" 2>"$work/$name.$bin.err"
		(cd "$copy" && "$exe" inventory --no-cache --config "$dir/.staterootlint.yaml" --format json "${patterns[@]}") >"$work/$name.$bin.inv" 2>>"$work/$name.$bin.err"
	done
	if cmp -s "$work/$name.old.json" "$work/$name.new.json" && cmp -s "$work/$name.old.inv" "$work/$name.new.inv"; then
		echo "$name: identical ($(grep -o '"analyzer"' "$work/$name.new.json" | wc -l) findings)"
	else
		echo "$name: DIFFERENT (see $work/$name.{old,new}.{json,inv})"
		differ=1
	fi
	rm -rf "$copy"
done
src=$(go env GOROOT)/src
for bin in old new; do
	(cd "$src" && "${!bin}" --no-cache --format json std) >"$work/std.$bin.json" 2>/dev/null
done
if cmp -s "$work/std.old.json" "$work/std.new.json"; then
	echo "std: identical"
else
	echo "std: DIFFERENT (see $work/std.{old,new}.json)"
	differ=1
fi
((differ)) || rm -rf "$work"
exit $differ
