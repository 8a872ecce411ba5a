module example.com/xdgspec

go 1.26
