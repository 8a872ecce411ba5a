module example.com/xdgdirs

go 1.26
