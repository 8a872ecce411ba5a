module example.com/xdgstruct

go 1.26
