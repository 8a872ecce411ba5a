module example.com/initshapes

go 1.26

require (
	example.com/flagkit v0.0.0
	example.com/xdgbase v0.0.0
)

replace example.com/xdgbase => ../initbase

replace example.com/flagkit => ../initflags
