module github.com/staterootlint/staterootlint

go 1.26.5

require (
	github.com/bmatcuk/doublestar/v4 v4.10.4
	github.com/golangci/plugin-module-register v0.1.2
	github.com/spf13/pflag v1.0.10
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/sys v0.49.0
	golang.org/x/tools v0.52.0
)

require (
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
)
