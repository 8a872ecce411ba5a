module example.com/initenvstruct

go 1.26
