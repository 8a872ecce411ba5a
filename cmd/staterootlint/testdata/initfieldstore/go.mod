module example.com/initfieldstore

go 1.26
