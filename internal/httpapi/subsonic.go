package httpapi

import "net/http"

// ClientAddr is the caller's address as the rate limits count it (behind
// a trusted proxy, the address the proxy saw), for the Subsonic API.
func (s *Server) ClientAddr(r *http.Request) string { return s.plat().ClientOf(r).IP }
