module example.com/initapp

go 1.26

require example.com/xdgdirs v0.0.0

replace example.com/xdgdirs => ../initdep
