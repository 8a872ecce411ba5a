module example.com/initownbase

go 1.26

require example.com/ownbase v0.0.0

replace example.com/ownbase => ../initownbaselib
