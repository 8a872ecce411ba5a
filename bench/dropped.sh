#!/usr/bin/env bash
# bench/dropped.sh: nothing dropped. On each corpus program, every write
# the inventory lists outside every state root must be reported (a finding
# of any analyzer), silenced (a //staterootlint:ignore or //nolint
# directive, an excluded file) or counted as unproven (SPEC §4.1:
# "Unproven, never a shadowwrite finding"; the CLI's stderr count).
#
# Usage: bench/dropped.sh [--recall] [PROGRAM...]   (default: every bench/corpus/*/)
#
# For each program it downloads the pinned module (bench/program.sh),
# copies it into a scratch directory (with --recall, applies the program's
# recall injections first, bench/recall/README.md), runs `staterootlint
# inventory --format json` and `staterootlint --report-unproven --format
# json` there with the program's .staterootlint.yaml, and compares them
# with bench/dropped (its doc says how a write is tied to a finding; for
# writes no finding names it runs the engine once more, as `staterootlint
# explain` does). It prints a markdown table, then each write ignored,
# allowed or dropped, and why.
#
# "allowed" counts writes the inventory lists outside the roots while
# explain allows every origin of theirs outside the roots (such as
# os.MkdirAll of a directory that exists): no finding is due, and the
# inventory disagrees with the linter. "inventory only" counts those for
# which explain shows no origin outside the roots at all, at the write or
# at a call or store reaching it, or has no result (a write inside a
# dependency, reached from the program, that no finding names): the
# inventory alone calls them outside. "dropped" counts the writes for
# which explain shows an origin outside the roots, not allowed, and
# nothing reports, silences or counts it.
#
# Exit status: 0 when nothing is dropped, 1 when a write is, 2 when a
# program could not be run.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/program.sh
source "$here/program.sh"
top=$(cd "$here/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

recall=false
if [[ ${1:-} == --recall ]]; then
	recall=true
	shift
fi
if (($#)); then programs=("$@"); else
	programs=()
	for d in "$here"/corpus/*/; do programs+=("$(basename "$d")"); done
fi

(cd "$top" && go build -o "$work/staterootlint" ./cmd/staterootlint && go build -o "$work/dropped" ./bench/dropped && go build -o "$work/recall" ./bench/recall)

status=0
details=""
printf '| program | version | writes outside | reported | unproven | ignored | allowed | inventory only | dropped |\n'
printf '|---|---|---|---|---|---|---|---|---|\n'
for p in "${programs[@]}"; do
	if ! program_copy "$p" "$work"; then
		status=2
		continue
	fi
	config=$dir/.staterootlint.yaml
	if $recall; then
		if [[ ! -d $dir/recall ]]; then
			echo "dropped: no injections for $p (bench/corpus/$p/recall/*.inject)" >&2
			status=2
			continue
		fi
		if ! "$work/recall" apply "$copy" "$dir/recall" >/dev/null; then
			status=2
			continue
		fi
	fi
	failed=""
	rc=0
	(cd "$copy" && "$work/staterootlint" inventory --quiet --config "$config" --format json "${patterns[@]}") >"$work/$p.inventory.json" 2>"$work/$p.inventory.err" || rc=$?
	((rc == 0)) || failed="inventory exited $rc: $(cat "$work/$p.inventory.err")"
	rc=0
	(cd "$copy" && "$work/staterootlint" --quiet --report-unproven --config "$config" --format json "${patterns[@]}") >"$work/$p.json" 2>"$work/$p.err" || rc=$?
	((rc <= 1)) || failed="staterootlint exited $rc: $(cat "$work/$p.err")"
	if [[ -n $failed ]]; then
		echo "dropped: on $p, $failed" >&2
		status=2
		continue
	fi
	if ! (cd "$copy" && "$work/dropped" -dir . -config "$config" -inventory "$work/$p.inventory.json" -findings "$work/$p.json" "${patterns[@]}") >"$work/$p.dropped" 2>"$work/$p.dropped.err"; then
		echo "dropped: comparing $p failed:" >&2
		cat "$work/$p.dropped.err" >&2
		status=2
		continue
	fi
	read -r outside reported unproven ignored allowed invonly dropped <"$work/$p.dropped"
	printf '| %s | %s | %d | %d | %d | %d | %d | %d | %d |\n' "$p" "${modver#*@}" "$outside" "$reported" "$unproven" "$ignored" "$allowed" "$invonly" "$dropped"
	details+=$(sed -n "s|^# |$p: |p" "$work/$p.dropped")$'\n'
	if ((dropped > 0)) && ((status == 0)); then
		status=1
	fi
done
printf '\n%s' "$details"
exit "$status"
