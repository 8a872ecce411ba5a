module example.com/app

go 1.24

require example.com/lib v0.0.0

replace example.com/lib => ../lib
