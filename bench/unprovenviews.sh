#!/usr/bin/env bash
# bench/unprovenviews.sh: the inventory lists as unproven exactly the
# writes the lint's unproven analyzer reports (SPEC 4.1), on real programs.
#
# Usage: bench/unprovenviews.sh PROGRAM...   (bench/corpus or bench/holdout)
#
# For each program it downloads the pinned module through the Go module
# proxy, copies it, and runs, with the program's .staterootlint.yaml,
# `staterootlint --report-unproven --format json` and `staterootlint
# inventory --format json`; it compares the positions (FILE:LINE) of the
# unproven analyzer's findings with those of the inventory's rows of kind
# unproven outside any command. It prints a markdown table, then every
# position only one of them has.
#
# Exit status: 0 when they agree on every program, 1 when they differ on
# one, 2 when a program could not be run.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/program.sh
source "$here/program.sh"
top=$(cd "$here/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

(($#)) || { echo "usage: bench/unprovenviews.sh PROGRAM..." >&2; exit 2; }
(cd "$top" && go build -o "$work/staterootlint" ./cmd/staterootlint)

status=0
details=""
printf '| program | version | unproven (lint) | unproven (inventory) | only one lists |\n'
printf '|---|---|---|---|---|\n'
for p in "$@"; do
	if ! program_copy "$p" "$work"; then
		status=2
		continue
	fi
	rc=0
	(cd "$copy" && "$work/staterootlint" --no-cache --report-unproven --config "$dir/.staterootlint.yaml" --format json "${patterns[@]}") >"$work/$p.lint.json" 2>"$work/$p.lint.err" || rc=$?
	if ((rc > 1)); then
		echo "staterootlint on $p exited $rc:" >&2
		cat "$work/$p.lint.err" >&2
		status=2
		continue
	fi
	if ! (cd "$copy" && "$work/staterootlint" inventory --no-cache --config "$dir/.staterootlint.yaml" --format json "${patterns[@]}") >"$work/$p.inv.json" 2>"$work/$p.inv.err"; then
		echo "staterootlint inventory on $p failed:" >&2
		cat "$work/$p.inv.err" >&2
		status=2
		continue
	fi
	# Positions as FILE:LINE, FILE relative to the copy.
	jq -r --arg root "$copy/" '.diagnostics[] | select(.analyzer == "unproven" and .category != "directive") | "\(.file | ltrimstr($root)):\(.line)"' "$work/$p.lint.json" | sort -u >"$work/$p.lint"
	jq -r '.artifacts[] | select(.kind == "unproven" and ((.command // "") == "")) | .at' "$work/$p.inv.json" | sort -u >"$work/$p.inv"
	only=$(comm -3 "$work/$p.lint" "$work/$p.inv" | wc -l)
	printf '| %s | %s | %d | %d | %d |\n' "$p" "${modver#*@}" "$(wc -l <"$work/$p.lint")" "$(wc -l <"$work/$p.inv")" "$only"
	if ((only > 0)); then
		status=1
		details+="$p: only the lint: $(comm -23 "$work/$p.lint" "$work/$p.inv" | tr '\n' ' ')"$'\n'
		details+="$p: only the inventory: $(comm -13 "$work/$p.lint" "$work/$p.inv" | tr '\n' ' ')"$'\n'
	fi
done
[[ -n $details ]] && printf '\n%s' "$details"
exit "$status"
