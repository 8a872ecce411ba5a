#!/usr/bin/env bash
# bench/explainviews.sh: every write `staterootlint explain` calls outside
# every state root is a finding of the lint (SPEC 4.2), on real programs:
# the views agree, from explain's side.
#
# Usage: bench/explainviews.sh PROGRAM...   (bench/corpus or bench/holdout)
#
# For each program it downloads the pinned module through the Go module
# proxy, copies it, and runs, with the program's .staterootlint.yaml,
# `staterootlint --report-unproven --format json` once, then `staterootlint
# explain` on every line of the program's non-test files where the engine
# found a write, a call passing a path to a write or a store into a field
# that is written (explain FILE:LINE past the end of FILE lists those
# lines). A site is called outside when one of its origins is not rooted
# and not allowed for a reason other than the analysis not following it
# (not "cannot follow", not "an analysis bound", not "not proven"). Such a
# site must be a finding of shadowwrite, cwdwrite or adhocroot on its line
# or name it in its chain (a write reached from a call or a store is
# reported there: the finding's chain or its "also" list names the
# write); one that is only unproven, or not reported at all, is a
# disagreement. Lines under //staterootlint:ignore are left out: the lint
# drops their findings on purpose.
#
# It prints a markdown table, then every site of a disagreement with what
# explain said of it.
#
# Exit status: 0 when the views agree on every program, 1 when they differ
# on one, 2 when a program could not be run.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/program.sh
source "$here/program.sh"
top=$(cd "$here/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

(($#)) || { echo "usage: bench/explainviews.sh PROGRAM..." >&2; exit 2; }
(cd "$top" && go build -o "$work/staterootlint" ./cmd/staterootlint)

# outside_sites reads explain's text and prints, for each site with an
# origin called outside, "LINE<TAB>the site's header line".
outside_sites() {
	awk '
		function flush() { if (header != "" && outside) print line "\t" header; header = ""; outside = 0 }
		/^[^ ].*:[0-9]+:[0-9]+: / {
			flush()
			header = $0
			split($0, f, ":")
			# FILE:LINE:COL: ..., FILE without a colon.
			line = f[2]
			next
		}
		/^     / {
			why = substr($0, 6)
			if (why ~ /^not (rooted|allowed):/ && why !~ /cannot follow|analysis bound/) outside = 1
		}
		END { flush() }
	'
}

status=0
details=""
printf '| program | version | files with sites | sites explained | called outside | findings there | only unproven | not reported |\n'
printf '|---|---|---|---|---|---|---|---|\n'
for p in "$@"; do
	if ! program_copy "$p" "$work"; then
		status=2
		continue
	fi
	cfg="$dir/.staterootlint.yaml"
	rc=0
	(cd "$copy" && "$work/staterootlint" --report-unproven --config "$cfg" --format json "${patterns[@]}") >"$work/$p.lint.json" 2>"$work/$p.lint.err" || rc=$?
	if ((rc > 1)); then
		echo "staterootlint on $p exited $rc:" >&2
		cat "$work/$p.lint.err" >&2
		status=2
		continue
	fi
	# What the lint covers, as FILE:LINE (FILE relative to the copy): each
	# finding's own line and the places its chain goes through, and the
	# writes its message names ("os.WriteFile at store.go:12", the "also"
	# list), those by the file's path as the message shortens it.
	jq -r --arg root "$copy/" '
		.diagnostics[] | select(.category != "directive") |
		(if (.analyzer == "shadowwrite" or .analyzer == "cwdwrite" or .analyzer == "adhocroot") then "finding" else "unproven" end) as $kind |
		([{file, line}] + (.chain // [])) | .[] | "\($kind)\t\(.file | ltrimstr($root)):\(.line)"' "$work/$p.lint.json" | sort -u >"$work/$p.covered"
	jq -r '
		.diagnostics[] | select(.category != "directive") |
		(if (.analyzer == "shadowwrite" or .analyzer == "cwdwrite" or .analyzer == "adhocroot") then "finding" else "unproven" end) as $kind |
		.message | [scan(" at ([^ ,;()]+\\.go:[0-9]+)")[0]] | .[] | "\($kind)\t\(.)"' "$work/$p.lint.json" | sort -u >"$work/$p.named"
	files=0 sites=0 outside=0 found=0 unproven=0 missing=0
	mapfile -t gofiles < <(cd "$copy" && go list -f '{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}' "${patterns[@]}" | sed "s|^$copy/||" | sort -u)
	for f in "${gofiles[@]}"; do
		[[ -n $f ]] || continue
		out=$(cd "$copy" && "$work/staterootlint" explain --config "$cfg" "$f:99999999" 2>/dev/null) || { status=2; echo "explain $f failed on $p" >&2; continue; }
		lines=$(sed -n 's/.*the engine found writes on lines \(.*\)$/\1/p' <<<"$out" | tr -d ' ' | tr ',' ' ')
		[[ -n $lines ]] || continue
		files=$((files + 1))
		for l in $lines; do
			text=$(cd "$copy" && "$work/staterootlint" explain --config "$cfg" "$f:$l" 2>/dev/null) || { status=2; echo "explain $f:$l failed on $p" >&2; continue; }
			sites=$((sites + $(grep -c '^[^ ].*:[0-9][0-9]*:[0-9][0-9]*: ' <<<"$text" || true)))
			sed -n "$((l > 1 ? l - 1 : 1)),${l}p" "$copy/$f" | grep -q 'staterootlint:ignore' && continue
			while IFS=$'\t' read -r line header; do
				[[ -n $line ]] || continue
				outside=$((outside + 1))
				at="$f:$line"
				kinds=$(
					awk -F'\t' -v at="$at" '$2 == at { print $1 }' "$work/$p.covered"
					awk -F'\t' -v at="$at" '{ n = length($2); if (n <= length(at) && substr(at, length(at) - n + 1) == $2 && (n == length(at) || substr(at, length(at) - n, 1) == "/")) print $1 }' "$work/$p.named"
				)
				if grep -qx finding <<<"$kinds"; then
					found=$((found + 1))
				elif grep -qx unproven <<<"$kinds"; then
					unproven=$((unproven + 1))
					details+="$p: only unproven: $header"$'\n'
				else
					missing=$((missing + 1))
					details+="$p: not reported: $header"$'\n'
				fi
			done < <(outside_sites <<<"$text")
		done
	done
	printf '| %s | %s | %d | %d | %d | %d | %d | %d |\n' "$p" "${modver#*@}" "$files" "$sites" "$outside" "$found" "$unproven" "$missing"
	((unproven + missing == 0)) || status=$((status > 1 ? status : 1))
done
[[ -n $details ]] && printf '\n%s' "$details"
exit "$status"
