module example.com/xdgbase

go 1.26
