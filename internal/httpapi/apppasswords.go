package httpapi

import (
	"net/http"
	"time"

	"github.com/musicify/musicify/internal/apppass"
	"github.com/musicify/musicify/internal/musicify"
)

// appPasswordView is an app password as its owner sees it (docs/api.md,
// "App passwords"): never the secret, except once in Password on creation.
type appPasswordView struct {
	ID         string     `json:"id"`
	Name       string     `json:"name"`
	Password   string     `json:"password,omitempty"`
	CreatedAt  time.Time  `json:"createdAt"`
	LastUsedAt *time.Time `json:"lastUsedAt"` // null: never used
}

func appPasswordOf(p apppass.Info) appPasswordView {
	v := appPasswordView{ID: p.ID, Name: p.Name, CreatedAt: p.CreatedAt}
	if !p.LastUsedAt.IsZero() {
		v.LastUsedAt = &p.LastUsedAt
	}
	return v
}

// appPasswordsOff answers when the server runs without app passwords.
func (s *Server) appPasswordsOff(w http.ResponseWriter, r *http.Request) bool {
	if s.AppPasswords == nil {
		s.writeError(w, r, musicify.Errorf(musicify.ENOTFOUND, "App passwords are not enabled on this server."))
		return true
	}
	return false
}

func (s *Server) handleAppPasswords(w http.ResponseWriter, r *http.Request) {
	if s.appPasswordsOff(w, r) {
		return
	}
	list, err := s.AppPasswords.List(r.Context(), userOf(r).ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := make([]appPasswordView, len(list))
	for i, p := range list {
		out[i] = appPasswordOf(p)
	}
	writeJSON(w, http.StatusOK, struct {
		AppPasswords []appPasswordView `json:"appPasswords"`
	}{out})
}

// handleCreateAppPassword makes an app password and shows it, the only time.
func (s *Server) handleCreateAppPassword(w http.ResponseWriter, r *http.Request) {
	if s.appPasswordsOff(w, r) {
		return
	}
	var body struct {
		Name string `json:"name"`
	}
	if err := decodeJSON(w, r, &body); err != nil {
		s.writeError(w, r, err)
		return
	}
	info, password, err := s.AppPasswords.Create(r.Context(), userOf(r).ID, body.Name)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	v := appPasswordOf(info)
	v.Password = password
	writeJSON(w, http.StatusCreated, v)
}

func (s *Server) handleRevokeAppPassword(w http.ResponseWriter, r *http.Request) {
	if s.appPasswordsOff(w, r) {
		return
	}
	if err := s.AppPasswords.Revoke(r.Context(), userOf(r).ID, r.PathValue("id")); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, success)
}
