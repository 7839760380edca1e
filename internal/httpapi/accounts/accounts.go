package accounts

import (
	"net/http"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/httpapi/views"
	"github.com/musicify/musicify/internal/musicify"
)

// okay is the number the original client checks for after asking for a code.
const okay = 123

type codeSent struct {
	Okay    int    `json:"okay"`
	Message string `json:"message"`
}

type credentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
	Email    string `json:"email"`
	OTP      string `json:"otp"`
	// Invite is the token of an invitation link (invite-only sign-up).
	Invite string `json:"invite"`
}

func (s *API) handleVerified(w http.ResponseWriter, r *http.Request) error {
	platform.WriteJSON(w, http.StatusOK, platform.Success)
	return nil
}

// handleCheck validates a registration and mails its code (POST /auth/cheak).
func (s *API) handleCheck(w http.ResponseWriter, r *http.Request) error {
	var in credentials
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	err := s.Accounts.StartSignup(r.Context(), s.P.ClientOf(r), musicify.SignupRequest{
		Username: in.Username, Password: in.Password, Email: in.Email, Invite: in.Invite,
	})
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, codeSent{Okay: okay, Message: "We sent a 6-digit code to " + musicify.NormalizeEmail(in.Email) + "."})
	return nil
}

func (s *API) handleResend(w http.ResponseWriter, r *http.Request) error {
	var in credentials
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := s.Accounts.ResendSignupCode(r.Context(), s.P.ClientOf(r), in.Email); err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, codeSent{Okay: okay, Message: "We sent a new code to " + musicify.NormalizeEmail(in.Email) + "."})
	return nil
}

func (s *API) handleSignup(w http.ResponseWriter, r *http.Request) error {
	var in credentials
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	_, token, err := s.Accounts.CompleteSignup(r.Context(), s.P.ClientOf(r), musicify.SignupRequest{
		Username: in.Username, Password: in.Password, Email: in.Email, Code: in.OTP, Invite: in.Invite,
	})
	if err != nil {
		return err
	}
	s.P.SetSessionCookie(w, token)
	platform.WriteJSON(w, http.StatusOK, platform.Success)
	return nil
}

func (s *API) handleLogin(w http.ResponseWriter, r *http.Request) error {
	var in credentials
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	_, token, err := s.Accounts.Login(r.Context(), s.P.ClientOf(r), in.Username, in.Password)
	if err != nil {
		return err
	}
	s.P.SetSessionCookie(w, token)
	platform.WriteJSON(w, http.StatusOK, platform.Success)
	return nil
}

func (s *API) handleLogout(w http.ResponseWriter, r *http.Request) error {
	if c, err := r.Cookie(platform.SessionCookie); err == nil {
		if err := s.Accounts.Logout(r.Context(), c.Value); err != nil {
			return err
		}
		s.Media.End(musicify.SessionEnded("", auth.HashToken(c.Value), s.P.Time()))
	}
	s.P.ClearCookie(w, platform.SessionCookie, "/")
	platform.WriteJSON(w, http.StatusOK, platform.Success)
	return nil
}

// handleGetOTP mails a reset code; the answer never tells whether the
// email has an account.
func (s *API) handleGetOTP(w http.ResponseWriter, r *http.Request) error {
	var in credentials
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := s.Accounts.RequestReset(r.Context(), s.P.ClientOf(r), in.Email); err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, codeSent{Okay: okay,
		Message: "If an account uses " + musicify.NormalizeEmail(in.Email) + ", we sent it a 6-digit code."})
	return nil
}

func (s *API) handleVerifyOTP(w http.ResponseWriter, r *http.Request) error {
	var in credentials
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := s.Accounts.VerifyReset(r.Context(), s.P.ClientOf(r), in.Email, in.OTP); err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, platform.Success)
	return nil
}

// handleChangePassword answers platform.Success without a message, as the original
// client expects ('message absent means platform.Success').
func (s *API) handleChangePassword(w http.ResponseWriter, r *http.Request) error {
	var in credentials
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := s.Accounts.ResetPassword(r.Context(), s.P.ClientOf(r), in.Email, in.OTP, in.Password); err != nil {
		return err
	}
	if u, err := s.Users.UserByEmail(r.Context(), musicify.NormalizeEmail(in.Email)); err == nil {
		s.Media.End(musicify.SessionsEndedOf(u.ID, s.P.Time()))
	} else {
		s.P.Logger.Error("ending the media links of a reset account", "err", err)
	}
	platform.WriteJSON(w, http.StatusOK, struct {
		Changed bool `json:"changed"`
	}{true})
	return nil
}

// handleOwnProfile also says whether the caller is an admin, so the web
// app can show the way to the admin page (whose routes check it again).
func (s *API) handleOwnProfile(w http.ResponseWriter, r *http.Request) error {
	u := platform.UserOf(r)
	platform.WriteJSON(w, http.StatusOK, ownProfile{views.UserOf(u, true), u.Admin, u.TimeZone})
	return nil
}

// handleUserProfile shows a user by name: their name and playlists. The
// email only when it is the caller's own (the seed showed everyone's; we
// never show another user's).
func (s *API) handleUserProfile(w http.ResponseWriter, r *http.Request) error {
	var in credentials
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if in.Username == "" {
		return musicify.Errorf(musicify.EINVALID, "Please say whose profile to show (username).")
	}
	u, err := s.Users.UserByUsername(r.Context(), in.Username)
	if err != nil {
		return err
	}
	lists, err := s.Playlists.Store.PlaylistsByUser(r.Context(), u.ID)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, struct {
		User     views.User       `json:"user"`
		Playlist []views.Playlist `json:"playlist"`
	}{views.UserOf(u, u.ID == platform.UserOf(r).ID), views.PlaylistsOf(lists, platform.UserOf(r))})
	return nil
}
