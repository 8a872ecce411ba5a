#!/usr/bin/env bash
# bench/fix.sh [PROGRAM...]: the migration fixes on corpus programs
# (default: task, cosign and gh, which have shadow writes).
#
# For each program it copies the pinned module (bench/program.sh's
# program_copy, through the Go module proxy), lints the copy with the
# program's .staterootlint.yaml, runs --fix there, then checks that
# `go build ./...` and `go vet ./...` still pass (where they passed
# before: "FAIL before too" is the program's own) and that a second lint
# reports no finding a fix claimed to remove: per file and analyzer, no
# more findings than --fix left. It prints a markdown table: findings,
# findings with a rewrite (applied by --fix), with a declaration only,
# fixes reverted because the package no longer built, and the checks;
# then, per program, why the other findings got no fix (counted).
# Exit status 1 when a check fails, 2 when a program cannot be set up.
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=program.sh
source "$top/bench/program.sh"

programs=("$@")
((${#programs[@]})) || programs=(task cosign gh)

work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
(cd "$top" && go build -o "$work/staterootlint" ./cmd/staterootlint)

# keys FILE: the findings of a text report as "file analyzer", sorted.
keys() {
	sed -nE 's/^([^:]+):[0-9]+:[0-9]+: .* \(([a-z]+)\)$/\1 \2/p' "$1" | sort
}

status=0
details=""
printf '| program | version | findings | fixed (rewrites) | declaration only | reverted | build | vet | rerun |\n'
printf '|---|---|---|---|---|---|---|---|---|\n'
for p in "${programs[@]}"; do
	if ! program_copy "$p" "$work"; then
		status=2
		continue
	fi
	config="$dir/.staterootlint.yaml"
	lint() { (cd "$copy" && "$work/staterootlint" --quiet --config "$config" "$@" "${patterns[@]}"); }
	lint >"$work/$p.before" 2>"$work/$p.before.err" || true
	vetBefore=pass
	(cd "$copy" && go vet ./... >/dev/null 2>&1) || vetBefore=FAIL
	lint --fix >"$work/$p.left" 2>"$work/$p.fix.err" || true
	findings=$(keys "$work/$p.before" | wc -l)
	fixed=$(sed -nE 's/^staterootlint: applied ([0-9]+) fix.*/\1/p' "$work/$p.fix.err")
	declared=$(sed -nE 's/.*\(([0-9]+) ha(s|ve) a declaration.*/\1/p' "$work/$p.fix.err")
	reverted=$(grep -c 'reverted: the package no longer builds' "$work/$p.fix.err" || true)
	build=pass vet=pass rerun=pass
	(cd "$copy" && go build ./... >"$work/$p.build" 2>&1) || build=FAIL
	(cd "$copy" && go vet ./... >"$work/$p.vet" 2>&1) || vet=FAIL
	[[ $vet == FAIL && $vetBefore == FAIL ]] && vet="FAIL before too"
	lint >"$work/$p.after" 2>/dev/null || true
	# A key with more findings after than --fix left is a finding a fix
	# claimed to remove.
	if extra=$(comm -23 <(keys "$work/$p.after") <(keys "$work/$p.left")) && [[ -n $extra ]]; then
		rerun=FAIL
		details+="$p: findings back after --fix: $extra"$'\n'
	fi
	[[ $build == pass ]] || details+="$p: go build after --fix: $(head -5 "$work/$p.build")"$'\n'
	[[ $vet == pass ]] || details+="$p: go vet after --fix: $(head -5 "$work/$p.vet")"$'\n'
	[[ $build == pass && $vet != FAIL && $rerun == pass ]] || status=1
	printf '| %s | %s | %d | %d | %d | %d | %s | %s | %s |\n' "$p" "${modver#*@}" "$findings" "${fixed:-0}" "${declared:-0}" "$reverted" "$build" "$vet" "$rerun"
	details+=$(grep -E '^staterootlint: applied|overlap another fix|reverted' "$work/$p.fix.err" | sed "s|^|$p: |")$'\n'
	details+=$(sed -nE 's/^.*: no fix \(([a-z]+)\): ([^;]*).*/\1: \2/p' "$work/$p.fix.err" | sort | uniq -c | sed "s|^ *|$p: no fix, |")$'\n'
done
printf '\n%s' "$details"
exit "$status"
