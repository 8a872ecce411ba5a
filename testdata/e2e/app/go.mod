module example.com/e2eapp

go 1.26
