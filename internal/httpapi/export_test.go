package httpapi

import adminapi "github.com/musicify/musicify/internal/httpapi/admin"

// AdminPatterns are the patterns of the admin routes, for the test that
// checks each of them refuses everyone but admins.
var AdminPatterns = adminapi.Patterns
