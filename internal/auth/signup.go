package auth

import (
	"context"
	"strings"

	"github.com/musicify/musicify/internal/musicify"
)

// signupMode is who may sign up now: the admin page's choice, or open.
func (s *Service) signupMode(ctx context.Context) (musicify.SignupMode, error) {
	if s.signup == nil {
		return musicify.SignupOpen, nil
	}
	return s.signup(ctx)
}

// invitation checks the invitation a sign-up needs in invite mode and
// returns the grant that uses it up; other modes need none and use none.
func (s *Service) invitation(ctx context.Context, mode musicify.SignupMode, token string) (musicify.AccountGrant, error) {
	if mode != musicify.SignupInvite {
		return musicify.AccountGrant{}, nil
	}
	token = strings.TrimSpace(token)
	if token == "" {
		return musicify.AccountGrant{}, musicify.Errorf(musicify.EFORBIDDEN, musicify.MsgInviteRequired)
	}
	hash := HashToken(token)
	if _, err := s.store.InviteByTokenHash(ctx, hash, s.now()); err != nil {
		return musicify.AccountGrant{}, err
	}
	return musicify.AccountGrant{InviteHash: hash}, nil
}

// createAccount makes a person's account: the admin's when it is the
// first person's and MUSICIFY_ADMIN names nobody.
func (s *Service) createAccount(ctx context.Context, u *musicify.User, g musicify.AccountGrant) error {
	g.FirstAdmin = s.firstAdmin
	return s.store.CreateAccount(ctx, u, g)
}
