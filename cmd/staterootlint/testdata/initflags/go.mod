module example.com/flagkit

go 1.26
