module example.com/initclienv

go 1.26

require example.com/clikit v0.0.0

replace example.com/clikit => ../initclikit
