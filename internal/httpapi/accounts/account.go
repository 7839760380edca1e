package accounts

import (
	"net/http"

	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/musicify"
)

// accountChange is the body of the signed-in account steps (docs/api.md,
// "Your account").
type accountChange struct {
	CurrentPassword string `json:"currentPassword"`
	Password        string `json:"password"`
	Email           string `json:"email"`
	OTP             string `json:"otp"`
}

type messageAnswer struct {
	Message string `json:"message"`
}

// handleNewPassword changes the caller's password; the session that asked
// stays signed in, every other one ends.
func (s *API) handleNewPassword(w http.ResponseWriter, r *http.Request) error {
	var in accountChange
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	u, sess := platform.UserOf(r), platform.SessionOf(r)
	if err := s.Accounts.ChangePassword(r.Context(), s.P.ClientOf(r), u, sess.TokenHash, in.CurrentPassword, in.Password); err != nil {
		return err
	}
	s.P.Logger.Info("password changed by its owner", "user", u.ID)
	platform.WriteJSON(w, http.StatusOK, messageAnswer{"Your password is changed. You are signed out everywhere else."})
	return nil
}

// handleEmailCode mails a code to the address the caller wants to use.
func (s *API) handleEmailCode(w http.ResponseWriter, r *http.Request) error {
	var in accountChange
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := s.Accounts.RequestEmailChange(r.Context(), s.P.ClientOf(r), platform.UserOf(r), in.Email); err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, codeSent{Okay: okay, Message: "We sent a 6-digit code to " + musicify.NormalizeEmail(in.Email) + "."})
	return nil
}

// handleNewEmail moves the caller to the address their code was mailed to.
func (s *API) handleNewEmail(w http.ResponseWriter, r *http.Request) error {
	var in accountChange
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	u := platform.UserOf(r)
	if err := s.Accounts.ConfirmEmailChange(r.Context(), s.P.ClientOf(r), u, in.Email, in.OTP); err != nil {
		return err
	}
	s.P.Logger.Info("email changed by its owner", "user", u.ID)
	email := musicify.NormalizeEmail(in.Email)
	platform.WriteJSON(w, http.StatusOK, struct {
		Email   string `json:"email"`
		Message string `json:"message"`
	}{email, "Your email is now " + email + "."})
	return nil
}

// handleTimeZone records the zone the caller's browser is in, so their
// mixes are made anew at their midnight and Discover Weekly on their Monday.
func (s *API) handleTimeZone(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		TimeZone string `json:"timeZone"`
	}
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if _, err := musicify.LoadTimeZone(in.TimeZone); err != nil {
		return err
	}
	if err := s.Users.SetTimeZone(r.Context(), platform.UserOf(r).ID, in.TimeZone); err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, struct {
		TimeZone string `json:"timeZone"`
	}{in.TimeZone})
	return nil
}

// handleDeleteAccount deletes the caller's account once they confirmed it
// with their password, and signs them out.
func (s *API) handleDeleteAccount(w http.ResponseWriter, r *http.Request) error {
	if s.Deleter == nil {
		return musicify.Errorf(musicify.ENOTFOUND, "Deleting accounts is not enabled on this server.")
	}
	var in accountChange
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	u := platform.UserOf(r)
	if err := s.Accounts.CheckPassword(r.Context(), s.P.ClientOf(r), u, in.Password); err != nil {
		return err
	}
	if err := s.Deleter.DeleteOwn(r.Context(), u); err != nil {
		return err
	}
	// The store tells every instance; this one stops the links at once.
	s.Media.End(musicify.SessionsEndedOf(u.ID, s.P.Time()))
	s.P.ClearCookie(w, platform.SessionCookie, "/")
	platform.WriteJSON(w, http.StatusOK, messageAnswer{"Your account is deleted, with everything you uploaded."})
	return nil
}
