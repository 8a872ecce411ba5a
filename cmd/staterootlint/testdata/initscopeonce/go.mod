module example.com/initscopeonce

go 1.26

require example.com/scopepaths v0.0.0

replace example.com/scopepaths => ../initscopelib
