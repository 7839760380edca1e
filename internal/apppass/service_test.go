package apppass_test

import (
	"bytes"
	"context"
	"crypto/md5"
	"encoding/hex"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/apppass"
	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
	"github.com/musicify/musicify/internal/testclock"
	"github.com/musicify/musicify/internal/testserver"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testserver.StopPostgres()
	os.Exit(code)
}

var serverSecret = []byte("0123456789abcdef0123456789abcdef0123456789abcdef")

type fixture struct {
	db    *sqlstore.DB
	svc   *apppass.Service
	clock *testclock.Clock
	ann   *musicify.User
	bob   *musicify.User
}

func newFixture(t *testing.T, db *sqlstore.DB) *fixture {
	t.Helper()
	clk := testclock.New(time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC))
	db.Now = clk.Now
	svc, err := apppass.New(db, serverSecret, apppass.Options{Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{db: db, svc: svc, clock: clk}
	f.ann = f.user(t, "Ann")
	f.bob = f.user(t, "bob")
	return f
}

func (f *fixture) user(t *testing.T, name string) *musicify.User {
	t.Helper()
	u := &musicify.User{Username: name, Email: strings.ToLower(name) + "@example.com", PasswordHash: "$argon2id$web-password-hash"}
	if err := f.db.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return u
}

func (f *fixture) create(t *testing.T, u *musicify.User, name string) (apppass.Info, string) {
	t.Helper()
	info, password, err := f.svc.Create(context.Background(), u.ID, name)
	if err != nil {
		t.Fatalf("Create(%q): %v", name, err)
	}
	return info, password
}

func token(password, salt string) string {
	sum := md5.Sum([]byte(password + salt))
	return hex.EncodeToString(sum[:])
}

func wantCode(t *testing.T, err error, code, what string) {
	t.Helper()
	if musicify.ErrorCode(err) != code {
		t.Fatalf("%s: got %v (%s), want %s", what, err, musicify.ErrorCode(err), code)
	}
}

func TestPasswordsAreLongRandomAndTypeable(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		p := apppass.NewPassword()
		if len(p) != 24 || strings.Trim(p, "abcdefghjkmnpqrstuvwxyz23456789") != "" {
			t.Fatalf("%q is not 24 characters of the unambiguous alphabet", p)
		}
		if seen[p] {
			t.Fatalf("%q drawn twice", p)
		}
		seen[p] = true
	}
}

func TestSecretsAreStoredEncrypted(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, storetest.SQLite(t))
	_, password := f.create(t, f.ann, "Phone")
	list, err := f.db.AppPasswords(ctx, f.ann.ID)
	if err != nil || len(list) != 1 {
		t.Fatalf("AppPasswords = %v, %v", list, err)
	}
	row := list[0]
	if bytes.Contains(row.Secret, []byte(password)) || len(row.Secret) < 12+16+24 {
		t.Errorf("the stored secret %x is not an encryption of the password", row.Secret)
	}
	if row.APIKeyHash == password || row.APIKeyHash != apppass.APIKeyHash(password) {
		t.Errorf("api_key_hash = %q", row.APIKeyHash)
	}

	// Another server secret reads nothing: every credential kind fails.
	other, err := apppass.New(f.db, []byte("another server secret of 32+ bytes!!"), apppass.Options{Now: f.clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	_, err = other.CheckSubsonic(ctx, musicify.SubsonicCredentials{Username: "ann", Password: password}, "192.0.2.1")
	wantCode(t, err, musicify.EUNAUTHORIZED, "password under another key")
	_, err = other.CheckSubsonic(ctx, musicify.SubsonicCredentials{Username: "ann", Token: token(password, "abcdef"), Salt: "abcdef"}, "192.0.2.1")
	wantCode(t, err, musicify.EUNAUTHORIZED, "token under another key")
	_, err = other.CheckSubsonic(ctx, musicify.SubsonicCredentials{APIKey: password}, "192.0.2.1")
	wantCode(t, err, musicify.EUNAUTHORIZED, "API key under another key")

	// A secret moved onto another user's row does not open there.
	bobs, _ := f.create(t, f.bob, "Bob's phone")
	if _, err := f.db.AppPasswords(ctx, f.bob.ID); err != nil {
		t.Fatal(err)
	}
	if err := f.db.DeleteAppPassword(ctx, f.bob.ID, bobs.ID); err != nil {
		t.Fatal(err)
	}
	moved := &musicify.AppPassword{ID: bobs.ID, UserID: f.bob.ID, Name: "moved", Secret: row.Secret, APIKeyHash: strings.Repeat("0", 64)}
	if err := f.db.CreateAppPassword(ctx, moved, 20); err != nil {
		t.Fatal(err)
	}
	_, err = f.svc.CheckSubsonic(ctx, musicify.SubsonicCredentials{Username: "bob", Password: password}, "192.0.2.2")
	wantCode(t, err, musicify.EUNAUTHORIZED, "a secret moved to another row")

	if _, err := apppass.New(f.db, []byte("too short"), apppass.Options{}); err == nil {
		t.Error("a short server secret was accepted")
	}
}

func TestCheckSubsonicTakesEachKindOfCredentials(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		ctx := context.Background()
		f := newFixture(t, open(t))
		f.create(t, f.ann, "Laptop")
		_, password := f.create(t, f.ann, "Phone")
		f.create(t, f.ann, "Tablet")
		_, bobs := f.create(t, f.bob, "Phone")
		const addr = "192.0.2.1"

		good := map[string]musicify.SubsonicCredentials{
			"password":             {Username: "ann", Password: password},
			"username in capitals": {Username: "ANN", Password: password},
			"token":                {Username: "ann", Token: token(password, "c19b2d"), Salt: "c19b2d"},
			"token in upper case":  {Username: "ann", Token: strings.ToUpper(token(password, "salt99")), Salt: "salt99"},
			"token over password":  {Username: "ann", Token: token(password, "c19b2d"), Salt: "c19b2d", Password: "ignored"},
			"API key":              {APIKey: password},
		}
		for name, c := range good {
			u, err := f.svc.CheckSubsonic(ctx, c, addr)
			if err != nil || u.ID != f.ann.ID {
				t.Errorf("%s: got %v, %v; want ann", name, u, err)
			}
		}

		bad := map[string]struct {
			c    musicify.SubsonicCredentials
			code string
		}{
			"wrong password":          {musicify.SubsonicCredentials{Username: "ann", Password: password + "x"}, musicify.EUNAUTHORIZED},
			"another user's":          {musicify.SubsonicCredentials{Username: "ann", Password: bobs}, musicify.EUNAUTHORIZED},
			"the web password":        {musicify.SubsonicCredentials{Username: "ann", Password: "$argon2id$web-password-hash"}, musicify.EUNAUTHORIZED},
			"unknown user":            {musicify.SubsonicCredentials{Username: "nobody", Password: password}, musicify.EUNAUTHORIZED},
			"token of another salt":   {musicify.SubsonicCredentials{Username: "ann", Token: token(password, "aaaaaa"), Salt: "bbbbbb"}, musicify.EUNAUTHORIZED},
			"token of wrong password": {musicify.SubsonicCredentials{Username: "ann", Token: token("nope", "aaaaaa"), Salt: "aaaaaa"}, musicify.EUNAUTHORIZED},
			"wrong API key":           {musicify.SubsonicCredentials{APIKey: password + "x"}, musicify.EUNAUTHORIZED},
			"API key with a user":     {musicify.SubsonicCredentials{APIKey: password, Username: "ann"}, musicify.EINVALID},
			"token without salt":      {musicify.SubsonicCredentials{Username: "ann", Token: token(password, "")}, musicify.EINVALID},
			"no password":             {musicify.SubsonicCredentials{Username: "ann"}, musicify.EINVALID},
			"nothing":                 {musicify.SubsonicCredentials{}, musicify.EINVALID},
		}
		for name, b := range bad {
			u, err := f.svc.CheckSubsonic(ctx, b.c, "198.51.100."+string(rune('1'+len(name)%9)))
			if u != nil || musicify.ErrorCode(err) != b.code {
				t.Errorf("%s: got %v, %v; want %s", name, u, err, b.code)
			}
			if b.code == musicify.EUNAUTHORIZED && musicify.ErrorMessage(err) != apppass.MsgWrongCredentials {
				t.Errorf("%s: message %q", name, musicify.ErrorMessage(err))
			}
		}

		// bob's password is bob's.
		if u, err := f.svc.CheckSubsonic(ctx, musicify.SubsonicCredentials{Username: "bob", Password: bobs}, addr); err != nil || u.ID != f.bob.ID {
			t.Errorf("bob: %v, %v", u, err)
		}
	})
}

func TestRevokedPasswordsStopWorking(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, storetest.SQLite(t))
	phone, password := f.create(t, f.ann, "Phone")
	_, kept := f.create(t, f.ann, "Laptop")

	// bob cannot revoke ann's: not found, as if it did not exist.
	wantCode(t, f.svc.Revoke(ctx, f.bob.ID, phone.ID), musicify.ENOTFOUND, "bob revoking ann's password")
	if _, err := f.svc.CheckSubsonic(ctx, musicify.SubsonicCredentials{APIKey: password}, "192.0.2.1"); err != nil {
		t.Fatalf("after bob's try, ann's password: %v", err)
	}

	if err := f.svc.Revoke(ctx, f.ann.ID, phone.ID); err != nil {
		t.Fatal(err)
	}
	wantCode(t, f.svc.Revoke(ctx, f.ann.ID, phone.ID), musicify.ENOTFOUND, "revoking twice")
	for _, c := range []musicify.SubsonicCredentials{
		{Username: "ann", Password: password}, {Username: "ann", Token: token(password, "abcdef"), Salt: "abcdef"}, {APIKey: password},
	} {
		_, err := f.svc.CheckSubsonic(ctx, c, "192.0.2.1")
		wantCode(t, err, musicify.EUNAUTHORIZED, "a revoked password")
	}
	if _, err := f.svc.CheckSubsonic(ctx, musicify.SubsonicCredentials{Username: "ann", Password: kept}, "192.0.2.1"); err != nil {
		t.Errorf("the other password: %v", err)
	}
	list, err := f.svc.List(ctx, f.ann.ID)
	if err != nil || len(list) != 1 || list[0].Name != "Laptop" {
		t.Errorf("List = %+v, %v", list, err)
	}
}

func TestCreateChecksNamesAndTheLimit(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, storetest.SQLite(t))
	for _, name := range []string{"", "   ", strings.Repeat("x", 65), "tab\there"} {
		_, _, err := f.svc.Create(ctx, f.ann.ID, name)
		wantCode(t, err, musicify.EINVALID, "name "+name)
	}
	info, _ := f.create(t, f.ann, "  "+strings.Repeat("é", 64)+" ")
	if info.Name != strings.Repeat("é", 64) {
		t.Errorf("name = %q, want it trimmed", info.Name)
	}
	f.create(t, f.ann, "Phone")
	_, _, err := f.svc.Create(ctx, f.ann.ID, "phone ")
	wantCode(t, err, musicify.ECONFLICT, "a name taken in another case")
	if musicify.ErrorMessage(err) != musicify.MsgAppPasswordNameUsed {
		t.Errorf("message %q", musicify.ErrorMessage(err))
	}
	f.create(t, f.bob, "Phone") // names are per user

	for i := 2; i < musicify.AppPasswordsMax; i++ {
		f.create(t, f.ann, "Device "+string(rune('A'+i)))
	}
	_, _, err = f.svc.Create(ctx, f.ann.ID, "One too many")
	wantCode(t, err, musicify.ECONFLICT, "the 21st password")
	if musicify.ErrorMessage(err) != musicify.MsgAppPasswordsFull {
		t.Errorf("message %q", musicify.ErrorMessage(err))
	}
	list, err := f.svc.List(ctx, f.ann.ID)
	if err != nil || len(list) != musicify.AppPasswordsMax {
		t.Fatalf("List: %d, %v", len(list), err)
	}
}

func TestLastUseIsRecordedAtMostOnceAMinute(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, storetest.SQLite(t))
	created, password := f.create(t, f.ann, "Phone")
	lastUsed := func() time.Time {
		t.Helper()
		list, err := f.svc.List(ctx, f.ann.ID)
		if err != nil || len(list) != 1 {
			t.Fatalf("List = %v, %v", list, err)
		}
		return list[0].LastUsedAt
	}
	if !lastUsed().IsZero() {
		t.Fatal("a new password was used already")
	}
	use := func() {
		t.Helper()
		if _, err := f.svc.CheckSubsonic(ctx, musicify.SubsonicCredentials{Username: "ann", Password: password}, "192.0.2.1"); err != nil {
			t.Fatal(err)
		}
	}
	f.clock.Advance(time.Hour)
	first := f.clock.Now()
	use()
	if got := lastUsed(); !got.Equal(first) {
		t.Fatalf("last used %v, want %v", got, first)
	}
	f.clock.Advance(59 * time.Second)
	use()
	if got := lastUsed(); !got.Equal(first) {
		t.Errorf("used again within the minute: last used %v, want it left at %v", got, first)
	}
	f.clock.Advance(time.Second)
	use()
	if got := lastUsed(); !got.Equal(first.Add(time.Minute)) {
		t.Errorf("a minute later: last used %v", got)
	}
	if !created.CreatedAt.Equal(first.Add(-time.Hour)) {
		t.Errorf("created %v", created.CreatedAt)
	}
}

func TestWrongCredentialsAreRateLimited(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, storetest.SQLite(t))
	_, password := f.create(t, f.ann, "Phone")
	right := musicify.SubsonicCredentials{Username: "ann", Token: token(password, "s4lt00"), Salt: "s4lt00"}
	wrong := musicify.SubsonicCredentials{Username: "ann", Password: "guess"}
	const home, away = "192.0.2.1", "203.0.113.7"

	for i := range 10 {
		_, err := f.svc.CheckSubsonic(ctx, wrong, home)
		wantCode(t, err, musicify.EUNAUTHORIZED, "wrong try "+string(rune('1'+i)))
	}
	// The 11th try, right or wrong, waits out the window.
	for _, c := range []musicify.SubsonicCredentials{wrong, right} {
		_, err := f.svc.CheckSubsonic(ctx, c, home)
		var e *musicify.Error
		if !errors.As(err, &e) || e.Code != musicify.ERATELIMITED || e.RetryAfter != 15*time.Minute {
			t.Fatalf("after 10 wrong tries: %v; want rate limited for 15 minutes", err)
		}
	}
	// The owner elsewhere is not locked out.
	if _, err := f.svc.CheckSubsonic(ctx, right, away); err != nil {
		t.Errorf("from another network: %v", err)
	}
	f.clock.Advance(15*time.Minute + time.Second)
	if _, err := f.svc.CheckSubsonic(ctx, right, home); err != nil {
		t.Errorf("after the window: %v", err)
	}
}

func TestRightPasswordClearsTheCountOfItsNetwork(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, storetest.SQLite(t))
	_, password := f.create(t, f.ann, "Phone")
	for range 9 {
		f.svc.CheckSubsonic(ctx, musicify.SubsonicCredentials{Username: "ann", Password: "typo"}, "192.0.2.1")
	}
	if _, err := f.svc.CheckSubsonic(ctx, musicify.SubsonicCredentials{Username: "ann", Password: password}, "192.0.2.1"); err != nil {
		t.Fatal(err)
	}
	for range 9 {
		f.svc.CheckSubsonic(ctx, musicify.SubsonicCredentials{Username: "ann", Password: "typo"}, "192.0.2.1")
	}
	if _, err := f.svc.CheckSubsonic(ctx, musicify.SubsonicCredentials{Username: "ann", Password: password}, "192.0.2.1"); err != nil {
		t.Errorf("9 typos after the right password: %v", err)
	}
}

func TestOneNetworkCannotGuessAcrossAccounts(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, storetest.SQLite(t))
	_, password := f.create(t, f.ann, "Phone")
	const addr = "192.0.2.1"
	// 60 wrong tries spread over names and API keys, under each pair's 10.
	for i := range 60 {
		c := musicify.SubsonicCredentials{Username: "user" + string(rune('a'+i/8)), Password: "guess"}
		if i%2 == 1 {
			c = musicify.SubsonicCredentials{APIKey: apppass.NewPassword()}
		}
		_, err := f.svc.CheckSubsonic(ctx, c, addr)
		wantCode(t, err, musicify.EUNAUTHORIZED, "guess")
	}
	for _, c := range []musicify.SubsonicCredentials{{Username: "ann", Password: password}, {APIKey: password}} {
		_, err := f.svc.CheckSubsonic(ctx, c, addr)
		wantCode(t, err, musicify.ERATELIMITED, "after 60 wrong tries from one network")
	}
	if _, err := f.svc.CheckSubsonic(ctx, musicify.SubsonicCredentials{APIKey: password}, "192.0.2.2"); err != nil {
		t.Errorf("from another network: %v", err)
	}
}

// A stale API key in one app is stopped by its own count, and leaves its
// network's count to the others there.
func TestARevokedAPIKeyStopsAtItsOwnLimit(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, storetest.SQLite(t))
	_, password := f.create(t, f.ann, "Phone")
	stale := apppass.NewPassword()
	for range 100 {
		f.svc.CheckSubsonic(ctx, musicify.SubsonicCredentials{APIKey: stale}, "192.0.2.1")
	}
	_, err := f.svc.CheckSubsonic(ctx, musicify.SubsonicCredentials{APIKey: stale}, "192.0.2.1")
	wantCode(t, err, musicify.ERATELIMITED, "the stale key")
	if _, err := f.svc.CheckSubsonic(ctx, musicify.SubsonicCredentials{APIKey: password}, "192.0.2.1"); err != nil {
		t.Errorf("another key from the same network: %v", err)
	}
}

// Instances that share the database share the counts.
func TestLimitsAreSharedThroughTheRateStore(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, storetest.SQLite(t))
	_, password := f.create(t, f.ann, "Phone")
	rates := auth.NewMemory()
	var instances []*apppass.Service
	for range 2 {
		svc, err := apppass.New(f.db, serverSecret, apppass.Options{Now: f.clock.Now, Rates: rates})
		if err != nil {
			t.Fatal(err)
		}
		instances = append(instances, svc)
	}
	for i := range 10 {
		instances[i%2].CheckSubsonic(ctx, musicify.SubsonicCredentials{Username: "ann", Password: "guess"}, "192.0.2.1")
	}
	_, err := instances[0].CheckSubsonic(ctx, musicify.SubsonicCredentials{Username: "ann", Password: password}, "192.0.2.1")
	wantCode(t, err, musicify.ERATELIMITED, "5 wrong tries on each of two instances")
}

func TestTheLibraryAccountCannotSignIn(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, storetest.SQLite(t))
	lib, err := f.db.UserByID(ctx, musicify.LibraryUserID)
	if err != nil {
		t.Fatal(err)
	}
	_, password := f.create(t, lib, "Somehow")
	_, err = f.svc.CheckSubsonic(ctx, musicify.SubsonicCredentials{Username: lib.Username, Password: password}, "192.0.2.1")
	wantCode(t, err, musicify.EUNAUTHORIZED, "the library account")
}

// An account an admin disabled loses its apps at once, right password or not.
func TestADisabledAccountsAppsAreRefused(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, storetest.SQLite(t))
	ann := f.ann
	_, password := f.create(t, ann, "Phone")
	creds := musicify.SubsonicCredentials{Username: ann.Username, Password: password}
	if _, err := f.svc.CheckSubsonic(ctx, creds, "192.0.2.1"); err != nil {
		t.Fatalf("before: %v", err)
	}
	if err := f.db.SetDisabled(ctx, ann.ID, true, time.Now()); err != nil {
		t.Fatal(err)
	}
	_, err := f.svc.CheckSubsonic(ctx, creds, "192.0.2.1")
	wantCode(t, err, musicify.EUNAUTHORIZED, "a disabled account")
}
