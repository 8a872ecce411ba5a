module example.com/px

go 1.26.5

require github.com/staterootlint/staterootlint v0.0.0

require golang.org/x/sys v0.49.0 // indirect

replace github.com/staterootlint/staterootlint => ../
