// Package admin is what admins do: manage accounts, choose who may sign
// up and hand out invitation links. Every caller has checked that the
// person asking is an admin; the rules here hold whoever asks.
package admin

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/covers"
	"github.com/musicify/musicify/internal/musicify"
)

// Store is what the service needs from the database.
type Store interface {
	musicify.AdminStore
	UserByID(ctx context.Context, id string) (*musicify.User, error)
	UsersByIDs(ctx context.Context, ids []string) ([]*musicify.User, error)
	Setting(ctx context.Context, name string) (string, error)
	SetSetting(ctx context.Context, name, value string) error
}

// Invitations last a week unless the admin says otherwise, at most 90 days.
const (
	InviteTTL     = 7 * 24 * time.Hour
	InviteMaxDays = 90
)

// Service carries out admins' requests.
type Service struct {
	Store Store
	// Catalog deletes a removed person's songs as their owner would, files and all.
	Catalog musicify.Catalog
	// Blobs holds the other files of an account (covers, station audio),
	// removed with it by DeleteOwn.
	Blobs musicify.BlobStore
	// Admins are the MUSICIFY_ADMIN usernames; they stay admins.
	Admins []string
	// Mode is MUSICIFY_SIGNUP: the sign-up mode until an admin picks another.
	Mode    musicify.SignupMode
	BaseURL string
	Now     func() time.Time
	Logger  *slog.Logger
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Named says whether MUSICIFY_ADMIN names this user.
func (s *Service) Named(username string) bool {
	return slices.ContainsFunc(s.Admins, func(n string) bool { return strings.EqualFold(n, username) })
}

// Users lists every person's account with what they uploaded.
func (s *Service) Users(ctx context.Context) ([]*musicify.UserStats, error) {
	return s.Store.UserStats(ctx)
}

// person finds an account a person has: never the library's.
func (s *Service) person(ctx context.Context, id string) (*musicify.User, error) {
	if id == musicify.LibraryUserID {
		return nil, musicify.Errorf(musicify.ENOTFOUND, "This user does not exist.")
	}
	return s.Store.UserByID(ctx, id)
}

// SetAdmin makes or unmakes an admin. The last admin stays one, and so do
// the admins MUSICIFY_ADMIN names, who would be again at the next start.
func (s *Service) SetAdmin(ctx context.Context, id string, admin bool) (*musicify.User, error) {
	u, err := s.person(ctx, id)
	if err != nil {
		return nil, err
	}
	if !admin && s.Named(u.Username) {
		return nil, musicify.Errorf(musicify.ECONFLICT, "%s is an admin through MUSICIFY_ADMIN. Remove the name there to change this.", u.Username)
	}
	if err := s.Store.SetAdmin(ctx, id, admin); err != nil {
		return nil, err
	}
	return s.Store.UserByID(ctx, id)
}

// SetDisabled disables an account, ending its sessions, or enables it.
func (s *Service) SetDisabled(ctx context.Context, id string, disabled bool) (*musicify.User, error) {
	if _, err := s.person(ctx, id); err != nil {
		return nil, err
	}
	if err := s.Store.SetDisabled(ctx, id, disabled, s.now()); err != nil {
		return nil, err
	}
	return s.Store.UserByID(ctx, id)
}

// Delete deletes an account. Kept songs pass to the library; removed
// songs go the way their owner deleting them would, files and all.
func (s *Service) Delete(ctx context.Context, id string, keepSongs bool) error {
	u, err := s.person(ctx, id)
	if err != nil {
		return err
	}
	if u.Admin {
		// Checked before any song is removed; the store checks again.
		return musicify.Errorf(musicify.ECONFLICT, "%s is an admin. Remove their admin rights before deleting the account.", u.Username)
	}
	if !keepSongs {
		ids, err := s.Store.UploadedSongIDs(ctx, id)
		if err != nil {
			return err
		}
		for _, songID := range ids {
			if err := s.Catalog.Delete(ctx, u, songID); err != nil && musicify.ErrorCode(err) != musicify.ENOTFOUND {
				return fmt.Errorf("deleting the songs of %s: %w", u.Username, err)
			}
		}
	}
	if err := s.Store.DeleteUser(ctx, id, keepSongs); err != nil {
		return err
	}
	if s.Logger != nil {
		s.Logger.Info("account deleted by an admin", "user", u.ID, "kept_songs", keepSongs)
	}
	return nil
}

// DeleteOwn deletes the account of u at their own request, with all they
// uploaded, files and all. An admin may leave while another admin remains;
// an admin through MUSICIFY_ADMIN may not, as whoever signs up next with
// that name would become an admin at the next start.
//
// Songs go first, each the way its owner deleting it would (row, then
// files). Then the account's row, with everything that hangs on it, and
// only after that the files those rows named: a failure in between leaves
// files no row names, which the sweeper removes, never a row whose file is
// gone.
func (s *Service) DeleteOwn(ctx context.Context, u *musicify.User) error {
	if u.Admin && s.Named(u.Username) {
		return musicify.Errorf(musicify.ECONFLICT, "You are an admin through MUSICIFY_ADMIN. Ask the person who runs the server to remove your name there first.")
	}
	if u.Admin {
		// Checked before any song goes; the store checks again under its lock.
		users, err := s.Store.UserStats(ctx)
		if err != nil {
			return err
		}
		if !slices.ContainsFunc(users, func(o *musicify.UserStats) bool { return o.Admin && o.ID != u.ID }) {
			return musicify.Errorf(musicify.ECONFLICT, musicify.MsgLastAdminLeaving)
		}
	}
	ids, err := s.Store.UploadedSongIDs(ctx, u.ID)
	if err != nil {
		return err
	}
	for _, songID := range ids {
		if err := s.Catalog.Delete(ctx, u, songID); err != nil && musicify.ErrorCode(err) != musicify.ENOTFOUND {
			return fmt.Errorf("deleting the songs of %s: %w", u.ID, err)
		}
	}
	files, err := s.Store.DeleteOwnAccount(ctx, u.ID)
	if err != nil {
		return err
	}
	for _, key := range files.CoverKeys {
		covers.Delete(ctx, s.Blobs, s.logger(), key)
	}
	for _, key := range files.AudioKeys {
		if err := s.Blobs.Delete(context.WithoutCancel(ctx), key); err != nil {
			s.logger().Error("deleting a deleted account's station audio", "key", key, "err", err)
		}
	}
	s.logger().Info("account deleted by its owner", "user", u.ID, "songs", len(ids))
	return nil
}

func (s *Service) logger() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.Default()
}

// DefaultMode is MUSICIFY_SIGNUP, the mode while no admin picked another.
func (s *Service) DefaultMode() musicify.SignupMode {
	if s.Mode == "" {
		return musicify.SignupOpen
	}
	return s.Mode
}

// signupSetting holds the admin page's choice with the MUSICIFY_SIGNUP it
// was made under: "invite|open". Changing the variable overrides it.
const signupSetting = "signup_mode"

// SignupMode is who may sign up now: the mode an admin picked, unless
// MUSICIFY_SIGNUP changed since; else MUSICIFY_SIGNUP.
func (s *Service) SignupMode(ctx context.Context) (musicify.SignupMode, error) {
	env := s.DefaultMode()
	v, err := s.Store.Setting(ctx, signupSetting)
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		return env, nil
	} else if err != nil {
		return "", err
	}
	picked, under, _ := strings.Cut(v, "|")
	mode, ok := musicify.ParseSignupMode(picked)
	if !ok || musicify.SignupMode(under) != env {
		return env, nil
	}
	return mode, nil
}

// SetSignupMode records an admin's choice of sign-up mode.
func (s *Service) SetSignupMode(ctx context.Context, mode string) (musicify.SignupMode, error) {
	m, ok := musicify.ParseSignupMode(strings.TrimSpace(mode))
	if !ok {
		return "", musicify.Errorf(musicify.EINVALID, "Please choose a sign-up mode: open, invite or closed.")
	}
	env := s.DefaultMode()
	if err := s.Store.SetSetting(ctx, signupSetting, string(m)+"|"+string(env)); err != nil {
		return "", err
	}
	return m, nil
}

// InviteView is an invitation as admins list it: never its token.
type InviteView struct {
	ID        string    `json:"id"`
	CreatedBy string    `json:"createdBy"` // username; "" once deleted
	CreatedAt time.Time `json:"createdAt"`
	ExpiresAt time.Time `json:"expiresAt"`
	UsedBy    string    `json:"usedBy,omitempty"` // username of the account it made
	UsedAt    time.Time `json:"usedAt,omitzero"`
	// Status is "open", "used" or "expired".
	Status string `json:"status"`
}

// CreateInvite makes a single-use sign-up link valid for days (0: a week)
// and returns it with the link, which is never shown again.
func (s *Service) CreateInvite(ctx context.Context, by *musicify.User, days int) (*InviteView, string, error) {
	ttl := InviteTTL
	if days != 0 {
		if days < 1 || days > InviteMaxDays {
			return nil, "", musicify.Errorf(musicify.EINVALID, "An invitation can last 1 to %d days.", InviteMaxDays)
		}
		ttl = time.Duration(days) * 24 * time.Hour
	}
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, "", fmt.Errorf("making an invitation token: %w", err)
	}
	token := base64.RawURLEncoding.EncodeToString(b[:])
	now := s.now().UTC().Truncate(time.Millisecond)
	inv := &musicify.Invite{TokenHash: auth.HashToken(token), CreatedBy: by.ID, CreatedAt: now, ExpiresAt: now.Add(ttl)}
	if err := s.Store.CreateInvite(ctx, inv); err != nil {
		return nil, "", err
	}
	link := strings.TrimRight(s.BaseURL, "/") + "/register?invite=" + token
	return s.view(inv, map[string]string{by.ID: by.Username}), link, nil
}

// Invites lists the invitations, newest first, with who made and used them.
func (s *Service) Invites(ctx context.Context) ([]*InviteView, error) {
	list, err := s.Store.Invites(ctx)
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, inv := range list {
		ids = append(ids, inv.CreatedBy, inv.UsedBy)
	}
	users, err := s.Store.UsersByIDs(ctx, slices.DeleteFunc(ids, func(id string) bool { return id == "" }))
	if err != nil {
		return nil, err
	}
	names := map[string]string{}
	for _, u := range users {
		names[u.ID] = u.Username
	}
	out := make([]*InviteView, len(list))
	for i, inv := range list {
		out[i] = s.view(inv, names)
	}
	return out, nil
}

func (s *Service) view(inv *musicify.Invite, names map[string]string) *InviteView {
	v := &InviteView{ID: inv.ID, CreatedBy: names[inv.CreatedBy], CreatedAt: inv.CreatedAt, ExpiresAt: inv.ExpiresAt,
		UsedBy: names[inv.UsedBy], UsedAt: inv.UsedAt, Status: "open"}
	switch {
	case !inv.UsedAt.IsZero():
		v.Status = "used"
	case !s.now().Before(inv.ExpiresAt):
		v.Status = "expired"
	}
	return v
}

// RevokeInvite deletes an invitation, so its link no longer works.
func (s *Service) RevokeInvite(ctx context.Context, id string) error {
	return s.Store.DeleteInvite(ctx, id)
}
