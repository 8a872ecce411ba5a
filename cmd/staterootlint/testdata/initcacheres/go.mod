module example.com/initcacheres

go 1.26
