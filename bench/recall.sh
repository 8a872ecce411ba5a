#!/usr/bin/env bash
# bench/recall.sh: staterootlint's recall on real programs, with shadow
# writes of our own injected into live functions (bench/recall/README.md).
#
# Usage: bench/recall.sh [PROGRAM...]   (default: every bench/corpus/*/ with a recall/ directory)
#
# For each program it downloads the pinned module through the Go module
# proxy, copies it into a scratch directory, applies the injections of
# bench/corpus/PROGRAM/recall/*.inject (go run ./bench/recall apply),
# checks that the edited tree still builds, runs staterootlint with the
# program's .staterootlint.yaml and --format json, and counts the
# injections a shadowwrite finding landed on. An injection that comes
# out unproven, or not at all, is a miss. It prints a markdown table,
# then every miss.
#
# Exit status: 0 when every injection was found, 1 when one was missed,
# 2 when a program could not be run.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/program.sh
source "$here/program.sh"
top=$(cd "$here/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if (($#)); then programs=("$@"); else
	programs=()
	for d in "$here"/corpus/*/recall/; do programs+=("$(basename "$(dirname "$d")")"); done
fi

(cd "$top" && go build -o "$work/staterootlint" ./cmd/staterootlint && go build -o "$work/recall" ./bench/recall)

status=0
details=""
printf '| program | version | injected shadow writes | found by shadowwrite | recall |\n'
printf '|---|---|---|---|---|\n'
for p in "${programs[@]}"; do
	if ! program_copy "$p" "$work"; then
		status=2
		continue
	fi
	if [[ ! -d $dir/recall ]]; then
		echo "recall: no injections for $p (bench/corpus/$p/recall/*.inject)" >&2
		exit 2
	fi
	if ! "$work/recall" apply "$copy" "$dir/recall" >"$work/$p.expect"; then
		status=2
		continue
	fi
	if ! (cd "$copy" && go build "${patterns[@]}") 2>"$work/$p.build"; then
		echo "recall: $p does not build with its injections:" >&2
		cat "$work/$p.build" >&2
		status=2
		continue
	fi
	rc=0
	(cd "$copy" && "$work/staterootlint" --no-cache --quiet --config "$dir/.staterootlint.yaml" --format json "${patterns[@]}") >"$work/$p.json" 2>"$work/$p.err" || rc=$?
	if ((rc > 1)); then
		echo "recall: staterootlint on $p exited $rc:" >&2
		cat "$work/$p.err" >&2
		status=2
		continue
	fi
	"$work/recall" score "$work/$p.expect" "$work/$p.json" >"$work/$p.score"
	read -r injected found <"$work/$p.score"
	printf '| %s | %s | %d | %d | %d%% |\n' "$p" "${modver#*@}" "$injected" "$found" "$((injected ? found * 100 / injected : 0))"
	details+=$(sed -n "s|^# |$p: |p" "$work/$p.score")$'\n'
	if ((found < injected)) && ((status == 0)); then
		status=1
	fi
done
printf '\n%s' "$details"
exit "$status"
