package httpapi

// AdminPatterns are the patterns of the admin routes, for the test that
// checks each of them refuses everyone but admins.
func AdminPatterns() []string {
	var out []string
	for _, rt := range (&Server{}).adminRoutes() {
		out = append(out, rt.pattern)
	}
	return out
}
