module example.com/px

go 1.26.5

require github.com/staterootlint/staterootlint v0.0.0

replace github.com/staterootlint/staterootlint => ../
