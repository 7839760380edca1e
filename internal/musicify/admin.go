package musicify

import (
	"context"
	"time"
)

// SignupMode says who may create an account.
type SignupMode string

const (
	SignupOpen   SignupMode = "open"   // anyone
	SignupInvite SignupMode = "invite" // only with an unused invitation link
	SignupClosed SignupMode = "closed" // nobody
)

// ParseSignupMode reads "open", "invite" or "closed".
func ParseSignupMode(s string) (SignupMode, bool) {
	switch m := SignupMode(s); m {
	case SignupOpen, SignupInvite, SignupClosed:
		return m, true
	}
	return "", false
}

// What people are told when the sign-up mode stops them.
const (
	MsgSignupClosed   = "Sign-up is closed on this server. Ask its administrator for an account."
	MsgInviteRequired = "Sign-up on this server is by invitation. Please open the invitation link you were sent."
	MsgInviteInvalid  = "This invitation link is not valid: it was used, revoked or has expired. Please ask for a new one."
	MsgAccountOff     = "This account has been disabled. Please contact the server's administrator."
	// MsgLastAdminLeaving refuses the last admin's own deletion: the server
	// would be left with nobody to run it.
	MsgLastAdminLeaving = "You are the last admin of this server. Make someone else an admin before deleting your account."
)

// AccountFiles are the files a deleted account's rows named, removed once
// the rows are gone.
type AccountFiles struct {
	CoverKeys []string // artist page and playlist covers, in every size
	AudioKeys []string // radio stations' audio
}

// Invite is a single-use sign-up link. Only a hash of its token is kept,
// so the link is shown once, when it is made.
type Invite struct {
	ID        string
	TokenHash string
	CreatedBy string // user id; "" once that account is gone
	CreatedAt time.Time
	ExpiresAt time.Time
	UsedBy    string // user id of the account it made; "" while unused
	UsedAt    time.Time
}

// AccountGrant is what comes with a new account, in the same step as it.
type AccountGrant struct {
	// InviteHash names an invitation the account uses up; "" for none.
	// The account is not made when that invitation is not usable.
	InviteHash string
	// FirstAdmin makes the account an admin when nobody became the first
	// admin yet.
	FirstAdmin bool
}

// UserStats is an account as admins list it.
type UserStats struct {
	User
	Songs int   // uploads, library songs not counted
	Bytes int64 // of the uploaded originals
}

// AdminStore keeps who is an admin, who is disabled, and invitations.
type AdminStore interface {
	// CreateAccount is CreateUser with the grants, all or nothing.
	CreateAccount(ctx context.Context, u *User, g AccountGrant) error
	// GrantAdmin makes the accounts with these usernames admins, and
	// returns the usernames no account has.
	GrantAdmin(ctx context.Context, usernames []string) (unclaimed []string, err error)
	// SetAdmin makes or unmakes an admin; the last admin cannot be unmade.
	SetAdmin(ctx context.Context, userID string, admin bool) error
	// SetDisabled disables (ending every session at once) or enables an account.
	SetDisabled(ctx context.Context, userID string, disabled bool, at time.Time) error
	// DeleteUser deletes an account. With keepSongs its uploads pass to
	// the library account; else it must have none left.
	DeleteUser(ctx context.Context, userID string, keepSongs bool) error
	// DeleteOwnAccount deletes the account of the person asking, an admin
	// too unless the last; their uploads must be gone already.
	DeleteOwnAccount(ctx context.Context, userID string) (AccountFiles, error)
	// UploadedSongIDs lists the songs a person uploaded, missing or not.
	UploadedSongIDs(ctx context.Context, userID string) ([]string, error)
	// UserStats lists people (not the library account) with what they uploaded.
	UserStats(ctx context.Context) ([]*UserStats, error)

	CreateInvite(ctx context.Context, inv *Invite) error
	// InviteByTokenHash finds an invitation that can still be used at now.
	InviteByTokenHash(ctx context.Context, tokenHash string, now time.Time) (*Invite, error)
	Invites(ctx context.Context) ([]*Invite, error)
	DeleteInvite(ctx context.Context, id string) error
}
