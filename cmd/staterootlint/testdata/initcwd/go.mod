module example.com/initcwd

go 1.26
