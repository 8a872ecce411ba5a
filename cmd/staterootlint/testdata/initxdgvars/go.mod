module example.com/xdgvars

go 1.26
