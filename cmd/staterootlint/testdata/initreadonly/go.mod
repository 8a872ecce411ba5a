module example.com/initreadonly

go 1.26
