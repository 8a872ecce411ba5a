module example.com/initcwdmore

go 1.26

require example.com/mddocs v0.0.0

replace example.com/mddocs => ../initcwdmorelib
