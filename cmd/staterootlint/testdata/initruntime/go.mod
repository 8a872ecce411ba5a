module example.com/initruntime

go 1.26
