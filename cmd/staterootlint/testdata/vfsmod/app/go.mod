module example.com/app

go 1.24

require (
	example.com/cfglib v0.0.0
	github.com/spf13/afero v0.0.0
)

replace (
	example.com/cfglib => ../cfglib
	github.com/spf13/afero => ../afero
)
