# bench/program.sh: sourced by bench/precision.sh and bench/recall.sh.
#
# program_copy NAME WORK finds program NAME in bench/corpus (or
# bench/holdout), downloads its pinned module through the Go module
# proxy and copies it, writable, to WORK/NAME (the module cache is
# read-only). It sets dir (the program's bench directory), modver
# (MODULE@VERSION), patterns (the package patterns to lint) and copy (the
# copy's path). An unknown program ends the script with status 2; a
# failed download returns 1; both say so on stderr.
program_copy() {
	local name=$1 work=$2 here
	here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
	dir="$here/corpus/$name"
	[[ -f $dir/module ]] || dir="$here/holdout/$name"
	if [[ ! -f $dir/module ]]; then
		echo "no program $name (bench/corpus/$name/module or bench/holdout/$name/module)" >&2
		exit 2
	fi
	local lines src
	mapfile -t lines <"$dir/module"
	modver=${lines[0]}
	patterns=("${lines[@]:1}")
	((${#patterns[@]})) || patterns=(./...)
	src=$(go mod download -json "$modver" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",*$/\1/p')
	if [[ -z $src ]]; then
		echo "go mod download $modver failed" >&2
		return 1
	fi
	copy="$work/$name"
	cp -r "$src" "$copy"
	chmod -R u+w "$copy"
}
