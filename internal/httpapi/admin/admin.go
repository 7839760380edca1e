package admin

import (
	"net/http"
	"time"

	"github.com/musicify/musicify/internal/admin"
	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/musicify"
)

// adminUserView is an account as admins see it. The email is shown: admins
// run the server that mails them.
type adminUserView struct {
	ID        string    `json:"_id"`
	Username  string    `json:"username"`
	Email     string    `json:"email"`
	CreatedAt time.Time `json:"createdAt"`
	Admin     bool      `json:"admin"`
	// Named says MUSICIFY_ADMIN makes this person an admin, which the page cannot undo.
	Named    bool  `json:"named"`
	Disabled bool  `json:"disabled"`
	Songs    int   `json:"songs"`
	Bytes    int64 `json:"bytes"`
}

func (s *API) adminViewOf(u *musicify.UserStats) adminUserView {
	return adminUserView{ID: u.ID, Username: u.Username, Email: u.Email, CreatedAt: u.CreatedAt,
		Admin: u.Admin, Named: s.Admin.Named(u.Username), Disabled: u.Disabled, Songs: u.Songs, Bytes: u.Bytes}
}

func (s *API) handleAdminUsers(w http.ResponseWriter, r *http.Request) error {
	users, err := s.Admin.Users(r.Context())
	if err != nil {
		return err
	}
	out := make([]adminUserView, len(users))
	for i, u := range users {
		out[i] = s.adminViewOf(u)
	}
	platform.WriteJSON(w, http.StatusOK, struct {
		Users []adminUserView `json:"users"`
	}{out})
	return nil
}

// handleAdminSetAdmin makes or unmakes an admin: {"admin": true|false}.
func (s *API) handleAdminSetAdmin(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Admin *bool `json:"admin"`
	}
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if in.Admin == nil {
		return musicify.Errorf(musicify.EINVALID, "Please say whether this person is to be an admin (admin: true or false).")
	}
	u, err := s.Admin.SetAdmin(r.Context(), r.PathValue("id"), *in.Admin)
	return s.answerUser(w, u, err)
}

// handleAdminSetDisabled disables or enables an account: {"disabled": true|false}.
func (s *API) handleAdminSetDisabled(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Disabled *bool `json:"disabled"`
	}
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if in.Disabled == nil {
		return musicify.Errorf(musicify.EINVALID, "Please say whether the account is to be disabled (disabled: true or false).")
	}
	id := r.PathValue("id")
	if id == platform.UserOf(r).ID && *in.Disabled {
		return musicify.Errorf(musicify.EINVALID, "You cannot disable your own account.")
	}
	u, err := s.Admin.SetDisabled(r.Context(), id, *in.Disabled)
	if err == nil && u.Disabled {
		// Its sessions are gone; so are the media links they were handed.
		s.Media.End(musicify.SessionsEndedOf(u.ID, s.P.Time()))
	}
	return s.answerUser(w, u, err)
}

func (s *API) answerUser(w http.ResponseWriter, u *musicify.User, err error) error {
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, struct {
		Message string        `json:"message"`
		User    adminUserView `json:"user"`
	}{"success", s.adminViewOf(&musicify.UserStats{User: *u})})
	return nil
}

// handleAdminDeleteUser deletes an account; ?songs=keep hands its uploads
// to the library, ?songs=delete deletes them. There is no default: the
// admin says which.
func (s *API) handleAdminDeleteUser(w http.ResponseWriter, r *http.Request) error {
	var keep bool
	switch r.URL.Query().Get("songs") {
	case "keep":
		keep = true
	case "delete":
	default:
		return musicify.Errorf(musicify.EINVALID, "Please say what happens to the person's songs: songs=keep or songs=delete.")
	}
	id := r.PathValue("id")
	if id == platform.UserOf(r).ID {
		return musicify.Errorf(musicify.EINVALID, "You cannot delete your own account here.")
	}
	if err := s.Admin.Delete(r.Context(), id, keep); err != nil {
		return err
	}
	s.Media.End(musicify.SessionsEndedOf(id, s.P.Time()))
	platform.WriteJSON(w, http.StatusOK, platform.Success)
	return nil
}

// scanView is where the library scan stands.
type scanView struct {
	// Configured is false when MUSICIFY_LIBRARY_DIRS names no folder.
	Configured bool              `json:"configured"`
	Folders    []string          `json:"folders"`
	Running    bool              `json:"running"`
	Started    time.Time         `json:"started,omitzero"`
	Finished   time.Time         `json:"finished,omitzero"`
	Seen       int               `json:"seen"`
	Added      int               `json:"added"`
	Updated    int               `json:"updated"`
	Removed    int               `json:"removed"`
	Failed     int               `json:"failed"`
	Failures   []scanFailureView `json:"failures"`
}

type scanFailureView struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

func (s *API) scanStatus() scanView {
	v := scanView{Folders: []string{}, Failures: []scanFailureView{}}
	if s.Scanner == nil {
		return v
	}
	st := s.Scanner.Status()
	v.Configured, v.Running, v.Started, v.Finished = true, st.Running, st.Started, st.Finished
	v.Seen, v.Added, v.Updated, v.Removed, v.Failed = st.Seen, st.Added, st.Updated, st.Removed, st.Failed
	v.Folders = append(v.Folders, st.Folders...)
	for _, f := range st.Failures {
		v.Failures = append(v.Failures, scanFailureView{Path: f.Path, Reason: f.Reason})
	}
	return v
}

func (s *API) handleAdminLibrary(w http.ResponseWriter, r *http.Request) error {
	platform.WriteJSON(w, http.StatusOK, s.scanStatus())
	return nil
}

// handleAdminScan starts a scan of the library folders: {"full": true}
// re-reads every file, else unchanged files are skipped.
func (s *API) handleAdminScan(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Full bool `json:"full"`
	}
	if r.ContentLength != 0 {
		if err := platform.DecodeJSON(w, r, &in); err != nil {
			return err
		}
	}
	if s.Scanner == nil {
		return musicify.Errorf(musicify.EINVALID, "No library folders are configured: set MUSICIFY_LIBRARY_DIRS and restart the server.")
	}
	started := s.Scanner.StartScan(in.Full)
	platform.WriteJSON(w, http.StatusAccepted, struct {
		Started bool     `json:"started"`
		Status  scanView `json:"status"`
	}{started, s.scanStatus()})
	return nil
}

type signupView struct {
	Mode musicify.SignupMode `json:"mode"`
	// Default is MUSICIFY_SIGNUP, the mode when no admin picked one.
	Default musicify.SignupMode `json:"default,omitempty"`
}

// handleSignupMode tells the register page who may sign up; anyone may ask.
func (s *API) handleSignupMode(w http.ResponseWriter, r *http.Request) error {
	mode := musicify.SignupOpen
	if s.Admin != nil {
		var err error
		if mode, err = s.Admin.SignupMode(r.Context()); err != nil {
			return err
		}
	}
	platform.WriteJSON(w, http.StatusOK, signupView{Mode: mode})
	return nil
}

func (s *API) handleAdminSignup(w http.ResponseWriter, r *http.Request) error {
	mode, err := s.Admin.SignupMode(r.Context())
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, signupView{Mode: mode, Default: s.Admin.DefaultMode()})
	return nil
}

// handleAdminSetSignup picks the sign-up mode: {"mode": "open"|"invite"|"closed"}.
func (s *API) handleAdminSetSignup(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Mode string `json:"mode"`
	}
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	mode, err := s.Admin.SetSignupMode(r.Context(), in.Mode)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, signupView{Mode: mode, Default: s.Admin.DefaultMode()})
	return nil
}

func (s *API) handleAdminInvites(w http.ResponseWriter, r *http.Request) error {
	list, err := s.Admin.Invites(r.Context())
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, struct {
		Invites []*admin.InviteView `json:"invites"`
	}{list})
	return nil
}

// handleAdminCreateInvite makes a single-use sign-up link: {"days": 7}.
// The link is in this answer only; the server keeps a hash of its token.
func (s *API) handleAdminCreateInvite(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Days int `json:"days"`
	}
	if r.ContentLength != 0 {
		if err := platform.DecodeJSON(w, r, &in); err != nil {
			return err
		}
	}
	inv, link, err := s.Admin.CreateInvite(r.Context(), platform.UserOf(r), in.Days)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, struct {
		Invite *admin.InviteView `json:"invite"`
		Link   string            `json:"link"`
	}{inv, link})
	return nil
}

func (s *API) handleAdminRevokeInvite(w http.ResponseWriter, r *http.Request) error {
	if err := s.Admin.RevokeInvite(r.Context(), r.PathValue("id")); err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, platform.Success)
	return nil
}
