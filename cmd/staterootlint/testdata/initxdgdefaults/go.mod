module example.com/initxdgdefaults

go 1.26

require example.com/xdgspec v0.0.0

replace example.com/xdgspec => ../initxdgspeclib
