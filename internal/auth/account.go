package auth

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/musicify/musicify/internal/musicify"
)

// Messages of the signed-in account steps; the web app shows them as they are.
const (
	MsgWrongCurrentPassword = "Your current password is not right."
	MsgEnterCurrentPassword = "Please enter your current password."
	MsgNoPasswordYet        = "Your account signs in with Google and has no password yet. Choose “Forgot your password?” on the sign-in page to set one."
	MsgSameEmail            = "This is already your email address."
)

// ChangePassword sets a new password after checking the current one, with
// the rules of sign-up. The person's other sessions end, in the same step
// as the hash changes; the one they are using stays.
func (s *Service) ChangePassword(ctx context.Context, c musicify.Client, u *musicify.User, keepTokenHash, current, password string) error {
	if current == "" {
		return musicify.Errorf(musicify.EINVALID, MsgEnterCurrentPassword).In("currentPassword")
	}
	if err := musicify.ValidatePassword(password); err != nil {
		return err
	}
	if err := s.checkPassword(ctx, c, u, current, "currentPassword"); err != nil {
		return err
	}
	hash, err := s.hashSecret(ctx, password)
	if err != nil {
		return fmt.Errorf("hashing password: %w", err)
	}
	return s.store.ReplacePassword(ctx, u.ID, hash, keepTokenHash)
}

// CheckPassword confirms that the person at the keyboard knows u's
// password. A stolen session must not be enough to lock the owner out, so
// wrong tries count against the same limits as a login's: per network,
// per account and network, and the delay that grows per account.
func (s *Service) CheckPassword(ctx context.Context, c musicify.Client, u *musicify.User, password string) error {
	return s.checkPassword(ctx, c, u, password, "password")
}

// checkPassword is CheckPassword with the form field a refusal names.
func (s *Service) checkPassword(ctx context.Context, c musicify.Client, u *musicify.User, password, field string) error {
	if password == "" {
		return musicify.Errorf(musicify.EINVALID, MsgEnterCurrentPassword).In(field)
	}
	if u.PasswordHash == "" {
		return musicify.Errorf(musicify.EINVALID, MsgNoPasswordYet).In(field)
	}
	if err := take(ctx, s.loginIP, c.IP, "password attempts from your network"); err != nil {
		return err
	}
	account := "user:" + u.ID
	pair := account + "|" + c.IP
	if wait, err := s.loginPair.Check(ctx, pair); err != nil {
		return limiterDown(err)
	} else if wait > 0 {
		return musicify.RateLimited("wrong passwords for this account from your network", wait)
	}
	d, err := s.loginDelay(ctx, account)
	if err != nil {
		return err
	}
	if d > 0 {
		wait, ok, err := s.loginQueue.Reserve(ctx, account, d, loginSlotWait)
		if err != nil {
			return limiterDown(err)
		}
		if !ok {
			return musicify.RateLimited("password attempts for this account", wait-loginSlotWait)
		}
		if err := s.sleep(ctx, wait); err != nil {
			return err
		}
	}
	ok, err := s.verify(ctx, u.PasswordHash, password)
	if err != nil {
		return err
	}
	if !ok {
		_, errPair := s.loginPair.Take(ctx, pair)
		_, errAccount := s.loginAccount.Take(ctx, account)
		if err := errors.Join(errPair, errAccount); err != nil {
			return limiterDown(err)
		}
		// 400, not 401: the session is fine, only this password is wrong.
		return musicify.Errorf(musicify.EINVALID, MsgWrongCurrentPassword).In(field)
	}
	_ = s.loginPair.Reset(ctx, pair)
	return nil
}

// RequestEmailChange mails a code to the new address, proving the person
// can read it before any sign-in or reset goes there. An address another
// account has is refused at once: the person is signed in and rate
// limited, and a code that could never be used would only confuse them.
func (s *Service) RequestEmailChange(ctx context.Context, c musicify.Client, u *musicify.User, email string) error {
	email = musicify.NormalizeEmail(email)
	if err := s.newEmailFree(ctx, u, email); err != nil {
		return err
	}
	if err := s.limitCodeIP(ctx, c); err != nil {
		return err
	}
	if err := s.limitCodeMail(ctx, c, musicify.PurposeEmail, email); err != nil {
		return err
	}
	return s.sendCode(ctx, &musicify.Code{Purpose: musicify.PurposeEmail, Email: email, Username: u.Username}, emailChangeMail)
}

// ConfirmEmailChange moves u to the address the code was mailed to. The
// code is for one person's change: someone else asking for the same
// address replaces it, and then this one no longer matches.
func (s *Service) ConfirmEmailChange(ctx context.Context, c musicify.Client, u *musicify.User, email, code string) error {
	email = musicify.NormalizeEmail(email)
	if err := s.newEmailFree(ctx, u, email); err != nil {
		return err
	}
	pending, err := s.checkCode(ctx, c, musicify.PurposeEmail, email, code)
	if err != nil {
		return err
	}
	if !strings.EqualFold(pending.Username, u.Username) {
		return musicify.Errorf(musicify.EINVALID, musicify.MsgWrongCode).In("otp")
	}
	if err := s.claimCode(ctx, pending); err != nil {
		return err
	}
	return s.store.SetEmail(ctx, u.ID, email)
}

func (s *Service) newEmailFree(ctx context.Context, u *musicify.User, email string) error {
	if err := musicify.ValidateEmail(email); err != nil {
		return err
	}
	if email == u.Email {
		return musicify.Errorf(musicify.EINVALID, MsgSameEmail).In("email")
	}
	switch _, err := s.store.UserByEmail(ctx, email); {
	case err == nil:
		return musicify.Errorf(musicify.ECONFLICT, musicify.MsgEmailTaken).In("email")
	case musicify.ErrorCode(err) != musicify.ENOTFOUND:
		return err
	}
	return nil
}
