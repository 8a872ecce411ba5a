# bench/program.sh: sourced by bench/precision.sh, bench/recall.sh,
# bench/drivers.sh and bench/run.sh.
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

# program_lint_score NAME WORK CONFIG TAG [ARG...] runs WORK/staterootlint
# in the copy program_copy made, with CONFIG, the ARGs and --format json,
# into WORK/NAME.json (stderr WORK/NAME.err), then scores the findings
# against the program's sites.tsv (and others.tsv) with WORK/score into
# WORK/NAME.score. When the linter fails it says so, prefixed by TAG, and
# returns 2.
program_lint_score() {
	local name=$1 work=$2 config=$3 tag=$4 rc=0
	shift 4
	(cd "$copy" && "$work/staterootlint" "$@" --config "$config" --format json "${patterns[@]}") >"$work/$name.json" 2>"$work/$name.err" || rc=$?
	if ((rc > 1)); then
		echo "$tag: staterootlint on $name exited $rc:" >&2
		cat "$work/$name.err" >&2
		return 2
	fi
	local others=()
	[[ -f $dir/others.tsv ]] && others=("$dir/others.tsv")
	"$work/score" "$dir/sites.tsv" "$work/$name.json" "$copy" "${others[@]}" >"$work/$name.score"
}

# leaf_file DIR: a non-test .go file of a package of the module in DIR
# that other packages of the module import and that imports none of them.
leaf_file() {
	(cd "$1" && "${GO:-go}" list -f '{{.ImportPath}}{{range .Imports}} {{.}}{{end}}' ./... | awk -v mod="$("${GO:-go}" list -m)" '
		{ pkgs[$1] = 1; line[$1] = $0 }
		END {
			for (p in pkgs) {
				n = split(line[p], f, " "); own = 0
				for (i = 2; i <= n; i++) if (f[i] in pkgs) { own = 1; imported[f[i]] = 1 }
				if (!own) leaf[p] = 1
			}
			for (p in leaf) if (p in imported) { print p; exit }
		}' | xargs -r "${GO:-go}" list -f '{{.Dir}}/{{index .GoFiles 0}}' | sed "s|^$1/||")
}
