package accounts

import (
	"net/http"
	"time"

	"github.com/musicify/musicify/internal/apppass"
	"github.com/musicify/musicify/internal/httpapi/platform"
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

// appPasswordsOff is the answer when the server runs without app passwords.
func (s *API) appPasswordsOff() error {
	if s.AppPasswords == nil {
		return musicify.Errorf(musicify.ENOTFOUND, "App passwords are not enabled on this server.")
	}
	return nil
}

func (s *API) handleAppPasswords(w http.ResponseWriter, r *http.Request) error {
	if err := s.appPasswordsOff(); err != nil {
		return err
	}
	list, err := s.AppPasswords.List(r.Context(), platform.UserOf(r).ID)
	if err != nil {
		return err
	}
	out := make([]appPasswordView, len(list))
	for i, p := range list {
		out[i] = appPasswordOf(p)
	}
	platform.WriteJSON(w, http.StatusOK, struct {
		AppPasswords []appPasswordView `json:"appPasswords"`
	}{out})
	return nil
}

// handleCreateAppPassword makes an app password and shows it, the only time.
func (s *API) handleCreateAppPassword(w http.ResponseWriter, r *http.Request) error {
	if err := s.appPasswordsOff(); err != nil {
		return err
	}
	var body struct {
		Name string `json:"name"`
	}
	if err := platform.DecodeJSON(w, r, &body); err != nil {
		return err
	}
	info, password, err := s.AppPasswords.Create(r.Context(), platform.UserOf(r).ID, body.Name)
	if err != nil {
		return err
	}
	v := appPasswordOf(info)
	v.Password = password
	platform.WriteJSON(w, http.StatusCreated, v)
	return nil
}

func (s *API) handleRevokeAppPassword(w http.ResponseWriter, r *http.Request) error {
	if err := s.appPasswordsOff(); err != nil {
		return err
	}
	if err := s.AppPasswords.Revoke(r.Context(), platform.UserOf(r).ID, r.PathValue("id")); err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, platform.Success)
	return nil
}
