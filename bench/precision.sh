#!/usr/bin/env bash
# bench/precision.sh: staterootlint's precision on the labelled corpus of
# real programs (bench/corpus/README.md).
#
# Usage: bench/precision.sh [PROGRAM...]     (default: every bench/corpus/*/)
#
# A PROGRAM is looked up in bench/corpus, then in bench/holdout (programs
# kept as an independent check: scored, never tuned to; bench/holdout/README.md).
#
# For each program it downloads the pinned module through the Go module
# proxy (go mod download), copies it into a scratch directory (the module
# cache is read-only), runs staterootlint there with the program's
# .staterootlint.yaml and --format json, and scores the shadowwrite
# findings against sites.tsv (bench/score). It prints a markdown table, then
# every missed shadow site, false positive and unlabelled finding.
#
# "residual" counts findings on RESIDUAL rows (limits by design, scored
# apart), "unproven" the writes the run with --report-unproven lists as
# not proven rooted outside the UNPROVABLE rows, "unprovable listed" the
# UNPROVABLE rows (paths from a file's contents, a subprocess's output or
# the network: unproven by design, scored apart) it lists, "unproven on
# data" the unproven writes elsewhere whose path a decoder of bytes filled
# (category data: a file's contents, a request; unproven by design, scored
# apart like UNPROVABLE rows). "bar met" says
# whether a program meets the bar: every SHADOW site found, false
# positives at most 1 per 50 correct sites, no finding outside the table,
# unproven writes at most 1 in 10 labelled write sites.
# The last column scores adhocroot's and rootenv's findings,
# which are not write sites, against the program's optional others.tsv
# (bench/corpus/README.md). A program's `expect` file, if present, holds
# the figures last recorded ("FOUND FALSE_POSITIVES NOT_IN_TABLE
# [OTHER_FALSE_POSITIVES OTHER_NOT_LABELLED]", the last two 0 when
# absent): a run that finds fewer shadow sites, or has more false
# positives or unlabelled findings of either kind, is a regression.
#
# Exit status: 0 when no program regressed, 1 when one did, 2 when a program
# could not be run.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/program.sh
source "$here/program.sh"
top=$(cd "$here/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if (($#)); then programs=("$@"); else
	programs=()
	for d in "$here"/corpus/*/; do programs+=("$(basename "$d")"); done
fi

(cd "$top" && go build -o "$work/staterootlint" ./cmd/staterootlint && go build -o "$work/score" ./bench/score)

status=0
details=""
printf '| program | version | shadow sites found | false positives / correct sites | not in the table | residual | unproven | unprovable listed | unproven on data | bar met | adhocroot/rootenv: true / false / not labelled |\n'
printf '|---|---|---|---|---|---|---|---|---|---|---|\n'
for p in "${programs[@]}"; do
	if ! program_copy "$p" "$work"; then
		status=2
		continue
	fi
	if ! program_lint_score "$p" "$work" "$dir/.staterootlint.yaml" precision --report-unproven; then
		status=2
		continue
	fi
	read -r shadow found correct fp unlabelled otrue ofp ounlabelled residual twice unprovable listed unproven data <"$work/$p.score"
	bar=yes
	((found < shadow || fp * 50 > correct || unlabelled > 0 || unproven * 10 > shadow + correct + residual)) && bar=no
	if ((twice > 0)); then
		# One write, one finding (SPEC 4.1): a contract, not a figure.
		details+="$p: REGRESSION: $twice lines reported by shadowwrite and by cwdwrite or adhocroot, or positions reported by two findings"$'\n'
		((status == 0)) && status=1
	fi
	printf '| %s | %s | %d / %d | %d / %d | %d | %d | %d | %d / %d | %d | %s | %d / %d / %d |\n' "$p" "${modver#*@}" "$found" "$shadow" "$fp" "$correct" "$unlabelled" "$residual" "$unproven" "$listed" "$unprovable" "$data" "$bar" "$otrue" "$ofp" "$ounlabelled"
	details+=$(sed -n "s|^# |$p: |p" "$work/$p.score")$'\n'
	if [[ -f $dir/expect ]]; then
		read -r efound efp eunlabelled eofp eounlabelled <"$dir/expect"
		if ((found < efound || fp > efp || unlabelled > eunlabelled || ofp > ${eofp:-0} || ounlabelled > ${eounlabelled:-0})); then
			details+="$p: REGRESSION: found $found (expected $efound), false positives $fp (expected $efp), not in the table $unlabelled (expected $eunlabelled); adhocroot/rootenv false positives $ofp (expected ${eofp:-0}), not in others.tsv $ounlabelled (expected ${eounlabelled:-0})"$'\n'
			((status == 0)) && status=1
		fi
	fi
done
printf '\n%s' "$details"
exit "$status"
