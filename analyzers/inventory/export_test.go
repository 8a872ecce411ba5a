package inventory

// KongName is kongName, for the external tests.
var KongName = kongName
