#!/usr/bin/env bash
# bench/init.sh: how close `staterootlint init` comes to the hand-written
# configurations of the labelled corpus (bench/corpus/README.md).
#
# Usage: bench/init.sh [PROGRAM...]   (default: every bench/corpus/*/ and bench/holdout/*/)
#
# For each program it copies the pinned module (bench/program.sh), runs
# `staterootlint init` there on the program's package patterns (timed),
# keeps the proposal in $INIT_OUT (default: a scratch directory, removed
# at the end), runs staterootlint with the proposal written unchanged (from
# the cache init's checking run filled, in the scratch directory) and
# scores the findings against sites.tsv (bench/score), as
# bench/precision.sh scores the hand-written file. The hand-written file's
# figures are the program's `expect` (the ones bench/precision.sh last
# recorded). It prints a markdown table: authorities proposed /
# hand-written, and with each file the shadow sites found, the false
# positives and the findings not in the table; "bar" says whether the
# proposal finds every shadow site the hand-written file finds with at
# most one more false positive or unlabelled finding.
#
# Exit status: 0 when every program met the bar, 1 when one did not, 2
# when a program could not be run.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/program.sh
source "$here/program.sh"
top=$(cd "$here/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out=${INIT_OUT:-$work/proposals}
mkdir -p "$out"
# A cache of our own: init's checking run fills it, and the scoring run
# with the proposal written unchanged reads it (as a user's next run would).
# Go's build cache stays where it is: it lives under XDG_CACHE_HOME by
# default, and moving it would rebuild every dependency and time that too.
GOCACHE=$(go env GOCACHE)
export GOCACHE
export XDG_CACHE_HOME=$work/cache

if (($#)); then programs=("$@"); else
	programs=()
	for d in "$here"/corpus/*/ "$here"/holdout/*/; do programs+=("$(basename "$d")"); done
fi

(cd "$top" && go build -o "$work/staterootlint" ./cmd/staterootlint && go build -o "$work/score" ./bench/score)

# authorities FILE counts the entries of a configuration's authorities key.
authorities() {
	awk '/^authorities:/ {in_a=1; if ($0 ~ /\[\]/) in_a=0; next} /^[a-z]/ {in_a=0} in_a && /^  - / {n++} END {print n+0}' "$1"
}

status=0
details=""
printf '| program | authorities: proposed / hand-written | shadow sites found: proposal / hand-written | false positives: proposal / hand-written | not in the table: proposal / hand-written | init (s) | bar |\n'
printf '|---|---|---|---|---|---|---|\n'
for p in "${programs[@]}"; do
	if ! program_copy "$p" "$work"; then
		status=2
		continue
	fi
	rc=0
	start=$(date +%s.%N)
	(cd "$copy" && "$work/staterootlint" init --quiet "${patterns[@]}") >"$out/$p.yaml" 2>"$work/$p.init.err" || rc=$?
	secs=$(echo "$(date +%s.%N) - $start" | bc)
	if ((rc != 0)); then
		echo "init: staterootlint init on $p exited $rc:" >&2
		cat "$work/$p.init.err" >&2
		status=2
		continue
	fi
	if ! program_lint_score "$p" "$work" "$out/$p.yaml" "init (the proposal)" --quiet; then
		status=2
		continue
	fi
	read -r shadow found _ fp unlabelled _ <"$work/$p.score"
	read -r efound efp eunlabelled _ <"$dir/expect"
	bar=yes
	((found < efound || fp + unlabelled > efp + eunlabelled + 1)) && bar=no
	[[ $bar == no ]] && status=1
	printf '| %s | %d / %d | %d / %d (of %d) | %d / %d | %d / %d | %.0f | %s |\n' "$p" "$(authorities "$out/$p.yaml")" "$(authorities "$dir/.staterootlint.yaml")" \
		"$found" "$efound" "$shadow" "$fp" "$efp" "$unlabelled" "$eunlabelled" "$secs" "$bar"
	details+=$(sed -n "s|^# |$p: |p" "$work/$p.score")$'\n'
	rm -rf "$copy"
done
printf '\n%s' "$details"
exit "$status"
