module example.com/initpkgvars

go 1.26

require example.com/xdgstruct v0.0.0

replace example.com/xdgstruct => ../initxdgstructlib
