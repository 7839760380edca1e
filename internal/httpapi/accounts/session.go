package accounts

import (
	"net/http"

	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/httpapi/views"
	"github.com/musicify/musicify/internal/musicify"
)

// sessionAnswer is GET /api/auth/session: the caller, or null for a visitor.
type sessionAnswer struct {
	User *ownProfile `json:"user"`
}

type ownProfile struct {
	views.User
	Admin bool `json:"admin"`
	// TimeZone is the zone their mixes' days are counted in ("" is UTC).
	TimeZone string `json:"timeZone"`
}

// handleSession tells the app whether the caller is signed in, with 200
// either way: the sign-in page asks it of every visitor, and a 401 there
// would be a failed request in the browser's console for no fault at all.
func (s *API) handleSession(w http.ResponseWriter, r *http.Request) error {
	var token string
	if c, err := r.Cookie(platform.SessionCookie); err == nil {
		token = c.Value
	}
	u, _, renewed, err := s.Accounts.Authenticate(r.Context(), token)
	if musicify.ErrorCode(err) == musicify.EUNAUTHORIZED {
		if token != "" {
			s.P.ClearCookie(w, platform.SessionCookie, "/")
		}
		platform.WriteJSON(w, http.StatusOK, sessionAnswer{})
		return nil
	}
	if err != nil {
		return err
	}
	if renewed {
		s.P.SetSessionCookie(w, token)
	}
	platform.WriteJSON(w, http.StatusOK, sessionAnswer{User: &ownProfile{views.UserOf(u, true), u.Admin, u.TimeZone}})
	return nil
}
