#!/usr/bin/env bash
# bench/factsize.sh: what go vet -vettool=staterootlint passes between
# package units on one real program: types and facts bytes over every
# unit's vetx file, the time to decode the facts, and the packages whose
# facts weigh most (bench/vetxsize).
#
# Usage: bench/factsize.sh PROGRAM [N]   (PROGRAM: a bench/corpus or
#        bench/holdout name; N packages listed, default 15)
#
# It measures unitchecker's vetx files (STATEROOTLINT_VET_DRIVER=
# unitchecker): bench/vetxsize reads their format, not the one the
# suite's own go vet driver writes (internal/driver/vetunitfacts.go).
#
# It builds staterootlint from this checkout, copies the program at its
# pinned version (Go module proxy), runs go vet -work -vettool on it with
# every unit re-run (a flag value unique to the run keeps go vet's cached
# results out), and measures the work directory go vet kept.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(cd "$here/.." && pwd)
# shellcheck source=bench/program.sh
source "$here/program.sh"

(($# >= 1 && $# <= 2)) || {
	echo "usage: bench/factsize.sh PROGRAM [N]" >&2
	exit 2
}
name=$1 n=${2:-15}
work=$(mktemp -d)
vetwork=''
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work" ${vetwork:+"$vetwork"}' EXIT

(cd "$top" && go build -o "$work/staterootlint" ./cmd/staterootlint)
program_copy "$name" "$work" || exit 2
[[ -f $dir/.staterootlint.yaml ]] && cp "$dir/.staterootlint.yaml" "$copy/"
(cd "$copy" && go mod download)
(cd "$copy" && STATEROOTLINT_VET_DRIVER=unitchecker go vet -work -vettool="$work/staterootlint" -shadowwrite.exclude="factsize-$$.go" "${patterns[@]}" >/dev/null 2>"$work/vet.err") || true
vetwork=$(sed -n 's/^WORK=//p' "$work/vet.err" | head -n 1)
if [[ -z $vetwork || ! -d $vetwork ]]; then
	echo "bench/factsize.sh: go vet kept no work directory:" >&2
	cat "$work/vet.err" >&2
	exit 1
fi
echo "$name ($modver), staterootlint $(git -C "$top" describe --always --dirty):"
(cd "$top" && go run ./bench/vetxsize "$vetwork" "$n")
