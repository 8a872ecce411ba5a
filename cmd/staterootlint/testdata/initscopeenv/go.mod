module example.com/initscopeenv

go 1.26

require example.com/scopepaths v0.0.0

replace example.com/scopepaths => ../initscopelib
