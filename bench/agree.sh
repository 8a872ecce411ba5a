#!/usr/bin/env bash
# bench/agree.sh [PROGRAM...] checks that the drivers agree: on each
# program of bench/corpus or bench/holdout (default: mkcert fzf direnv
# kind cosign), the positions `go vet -vettool` reports are the positions
# the standalone CLI reports, with the program's configuration. It builds
# the tool from this checkout, prints one line per program, and exits 1
# when any position is reported by one driver only (the lists are left in
# the work directory it names).
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/program.sh"
names=("$@")
((${#names[@]})) || names=(mkcert fzf direnv kind cosign)
work=$(mktemp -d)
(cd "$here/.." && CGO_ENABLED=0 go build -o "$work/staterootlint" ./cmd/staterootlint) || exit 2
differ=0
for name in "${names[@]}"; do
	program_copy "$name" "$work" || { echo "$name: download failed"; differ=1; continue; }
	# go vet reads the configuration from the packages' directories, as
	# a user's checkout keeps it: the program's root.
	cp "$dir/.staterootlint.yaml" "$copy/.staterootlint.yaml"
	(cd "$copy" && "$work/staterootlint" --no-cache "${patterns[@]}") >"$work/$name.cli" 2>"$work/$name.cli.err"
	(cd "$copy" && go vet -vettool="$work/staterootlint" "${patterns[@]}") >"$work/$name.vet.out" 2>"$work/$name.vet"
	# path:line:col of each finding in the program, relative to its
	# root: an absolute path is the go command's own error about a
	# dependency (a module that does not build with this Go), not a
	# finding; it is counted apart.
	pos() { grep -E '^[^#[:space:]/][^:]*\.go:[0-9]+:[0-9]+: ' "$1" | sed -E 's#^\./##; s#^([^:]+:[0-9]+:[0-9]+):.*#\1#' | sort -u; }
	goerrs=$(grep -cE '^/[^:]*\.go:[0-9]+:[0-9]+: ' "$work/$name.vet")
	pos "$work/$name.cli" >"$work/$name.cli.pos"
	pos "$work/$name.vet" >"$work/$name.vet.pos"
	only_cli=$(comm -23 "$work/$name.cli.pos" "$work/$name.vet.pos" | wc -l)
	only_vet=$(comm -13 "$work/$name.cli.pos" "$work/$name.vet.pos" | wc -l)
	if ((only_cli + only_vet == 0)); then
		echo "$name: the drivers agree ($(wc -l <"$work/$name.cli.pos") positions; go vet printed $goerrs errors of the go command about dependencies)"
	else
		echo "$name: DIFFERENT: $only_cli positions only from the CLI, $only_vet only from go vet (see $work/$name.{cli,vet}.pos)"
		differ=1
	fi
done
exit "$differ"
