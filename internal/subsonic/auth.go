package subsonic

import (
	"encoding/hex"
	"net"
	"net/url"
	"strings"

	"github.com/musicify/musicify/internal/musicify"
)

func hasCredentials(p url.Values) bool {
	return p.Get("u") != "" || p.Get("apiKey") != ""
}

// authenticate checks the caller's credentials against their app
// passwords: u with p (plain or "enc:" hex), u with t = md5(password+salt)
// and s, or an OpenSubsonic apiKey alone. Web passwords never work here.
func (s *Server) authenticate(q *request) (*musicify.User, error) {
	p := q.params
	c := musicify.SubsonicCredentials{Username: p.Get("u"), APIKey: p.Get("apiKey")}
	pass, token, salt := p.Get("p"), p.Get("t"), p.Get("s")
	switch {
	case c.APIKey != "" && (c.Username != "" || pass != "" || token != ""):
		return nil, &apiError{Code: errAuthConflict, Message: "Multiple conflicting authentication mechanisms provided: send apiKey without u, p or t."}
	case c.APIKey != "":
	case c.Username == "":
		return nil, missing("u")
	case pass != "" && token != "":
		return nil, &apiError{Code: errAuthConflict, Message: "Multiple conflicting authentication mechanisms provided: send p or t and s, not both."}
	case pass != "":
		if enc, ok := strings.CutPrefix(pass, "enc:"); ok {
			b, err := hex.DecodeString(enc)
			if err != nil {
				return nil, &apiError{Code: errWrongLogin, Message: "Wrong username or password (p=enc: must be followed by hex)."}
			}
			pass = string(b)
		}
		c.Password = pass
	case token != "" && salt != "":
		c.Token, c.Salt = strings.ToLower(token), salt
	case token != "":
		return nil, missing("s")
	default:
		return nil, missing("p")
	}
	u, err := s.Auth.CheckSubsonic(q.ctx(), c, s.clientAddr(q))
	if musicify.ErrorCode(err) == musicify.EUNAUTHORIZED {
		if c.APIKey != "" {
			return nil, &apiError{Code: errWrongAPIKey, Message: "Invalid API key."}
		}
		return nil, &apiError{Code: errWrongLogin, Message: "Wrong username or password. Use an app password from Settings, not your web password."}
	}
	return u, err
}

func (s *Server) clientAddr(q *request) string {
	if s.ClientAddr != nil {
		return s.ClientAddr(q.r)
	}
	host, _, err := net.SplitHostPort(q.r.RemoteAddr)
	if err != nil {
		return q.r.RemoteAddr
	}
	return host
}
