package invalid

//staterootlint:may-write repo:../x
func climbs() {} // want `invalid may-write pattern "repo:../x": the glob must stay below the root`

//staterootlint:may-write none temp
func mixed() {} // want `none cannot be combined`
