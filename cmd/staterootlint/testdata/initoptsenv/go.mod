module example.com/initoptsenv

go 1.26
