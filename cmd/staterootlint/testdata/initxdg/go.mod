module example.com/initxdg

go 1.26

require example.com/xdgvars v0.0.0

replace example.com/xdgvars => ../initxdgvars
