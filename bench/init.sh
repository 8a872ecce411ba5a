#!/usr/bin/env bash
# bench/init.sh: how close `staterootlint init` comes to the hand-written
# configurations of the labelled corpus (bench/corpus/README.md).
#
# Usage: bench/init.sh [PROGRAM...]   (default: every bench/corpus/*/ and bench/holdout/*/)
#
# For each program it copies the pinned module (bench/program.sh), runs
# `staterootlint init` there on the program's package patterns (timed),
# and keeps the proposal in $INIT_OUT (default: a scratch directory,
# removed at the end). Products are the author's decision (SPEC §4.1:
# init only lists allow-write candidates), so the file measured is the
# proposal as printed plus the allow-write entries of the hand-written
# configuration. It lints the program with that file and with the
# hand-written one, side by side, and scores both against sites.tsv
# (bench/score), as bench/precision.sh does. It prints a markdown table:
# authorities proposed / hand-written; with each file the shadow sites
# found, the false positives and the findings not in the table; the
# findings the hand-written file keeps that init's file hides
# ("hidden"), and those init's file has that the hand-written one does
# not ("added"); "bar" says whether init's file finds every shadow site
# the hand-written file finds, with at most the false positives and
# unlabelled findings it gives plus one per 50 correct sites, hiding and
# adding none. The hidden and added findings follow the table, one a
# line.
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
# A cache of our own: init's checking run fills it. Go's build cache
# stays where it is: it lives under XDG_CACHE_HOME by default, and moving
# it would rebuild every dependency and time that too.
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

# allow_write FILE prints a configuration's allow-write key and its
# entries (comments left out).
allow_write() {
	awk '/^allow-write:/ {in_a=1; print; next} /^[a-z]/ {in_a=0} in_a && !/^[[:space:]]*#/ && NF {print}' "$1"
}

# keys JSON prints one finding a line, "FILE:LINE:COL (ANALYZER)<tab>MESSAGE",
# relative to the copy, sorted. A finding is the same in two runs when
# the part before the tab is: its message names the authorities of the
# configuration, which differ.
keys() {
	jq -r --arg top "$copy/" '.diagnostics[]? | "\(.file | ltrimstr($top)):\(.line):\(.column) (\(.analyzer))\t\(.message)"' "$1" | sort -u
}

# only A B prints the findings of keys file A whose position and
# analyzer no finding of B has (B may be empty: FILENAME, not NR == FNR).
only() {
	awk -F'\t' -v b="$2" 'FILENAME == b {seen[$1] = 1; next} !($1 in seen) {print $1 ": " $2}' "$2" "$1"
}

status=0
details=""
printf '| program | authorities: init / hand-written | shadow sites found: init / hand-written | false positives: init / hand-written | not in the table: init / hand-written | hidden | added | init (s) | bar |\n'
printf '|---|---|---|---|---|---|---|---|---|\n'
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
	measured=$work/$p.measured.yaml
	{ cat "$out/$p.yaml"; allow_write "$dir/.staterootlint.yaml"; } >"$measured"
	if ! program_lint_score "$p" "$work" "$dir/.staterootlint.yaml" "init (the hand-written file)" --quiet; then
		status=2
		continue
	fi
	cp "$work/$p.score" "$work/$p.hand.score"
	keys "$work/$p.json" >"$work/$p.hand.keys"
	if ! program_lint_score "$p" "$work" "$measured" "init (the proposal)" --quiet; then
		status=2
		continue
	fi
	keys "$work/$p.json" >"$work/$p.init.keys"
	read -r shadow found correct fp unlabelled _ <"$work/$p.score"
	read -r _ efound _ efp eunlabelled _ <"$work/$p.hand.score"
	hidden=$(only "$work/$p.hand.keys" "$work/$p.init.keys")
	added=$(only "$work/$p.init.keys" "$work/$p.hand.keys")
	nhidden=$(grep -c . <<<"$hidden" || true)
	nadded=$(grep -c . <<<"$added" || true)
	bar=yes
	((found < efound || fp + unlabelled > efp + eunlabelled + correct / 50 || nhidden > 0 || nadded > 0)) && bar=no
	[[ $bar == no ]] && status=1
	printf '| %s | %d / %d | %d / %d (of %d) | %d / %d | %d / %d | %d | %d | %.0f | %s |\n' "$p" "$(authorities "$out/$p.yaml")" "$(authorities "$dir/.staterootlint.yaml")" \
		"$found" "$efound" "$shadow" "$fp" "$efp" "$unlabelled" "$eunlabelled" "$nhidden" "$nadded" "$secs" "$bar"
	[[ -n $hidden ]] && details+=$(sed "s|^|$p: hidden: |" <<<"$hidden")$'\n'
	[[ -n $added ]] && details+=$(sed "s|^|$p: added: |" <<<"$added")$'\n'
	rm -rf "$copy"
done
printf '\n%s' "$details"
exit "$status"
