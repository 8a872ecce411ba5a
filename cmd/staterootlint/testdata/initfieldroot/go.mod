module example.com/initfieldroot

go 1.26
