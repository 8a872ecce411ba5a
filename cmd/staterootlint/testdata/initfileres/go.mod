module example.com/initfileres

go 1.26
