package sqlstore_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
	"github.com/musicify/musicify/internal/testserver"
)

func open(t *testing.T, path string) *sqlstore.DB {
	t.Helper()
	db, err := sqlstore.OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

func TestMain(m *testing.M) {
	code := m.Run()
	testserver.StopPostgres()
	os.Exit(code)
}

func TestReopeningKeepsDataAndMigratesOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nested", "musicify.db")
	db := open(t, path)
	u := &musicify.User{Username: "Ann", Email: "ANN@example.com", PasswordHash: "h"}
	if err := db.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db = open(t, path) // a second start must not re-run migrations
	defer db.Close()
	got, err := db.UserByUsername(context.Background(), "ann")
	if err != nil || got.ID != u.ID || got.Email != "ann@example.com" || got.Username != "Ann" {
		t.Fatalf("after reopen: %+v, %v", got, err)
	}
}

func TestUniqueNamesAndEmailsAreConflicts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		if err := db.CreateUser(ctx, &musicify.User{Username: "ann", Email: "ann@example.com"}); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			u    musicify.User
			want string
		}{
			{musicify.User{Username: "ANN", Email: "other@example.com"}, musicify.MsgUsernameTaken},
			{musicify.User{Username: "other", Email: "Ann@Example.com"}, musicify.MsgEmailTaken},
		} {
			err := db.CreateUser(ctx, &tc.u)
			if musicify.ErrorCode(err) != musicify.ECONFLICT || musicify.ErrorMessage(err) != tc.want {
				t.Errorf("CreateUser(%s, %s) = %v, want conflict %q", tc.u.Username, tc.u.Email, err, tc.want)
			}
		}
		if _, err := db.UserByID(ctx, "nope"); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Errorf("UserByID of nothing = %v, want not found", err)
		}
	})
}

// A person's time zone is kept with the account and read with it.
func TestTheTimeZoneIsKeptWithTheUser(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		u := &musicify.User{Username: "ann", Email: "ann@example.com"}
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		if err := db.SetTimeZone(ctx, u.ID, "America/Sao_Paulo"); err != nil {
			t.Fatal(err)
		}
		got, err := db.UserByID(ctx, u.ID)
		if err != nil || got.TimeZone != "America/Sao_Paulo" || got.Location().String() != "America/Sao_Paulo" {
			t.Fatalf("after setting it: %+v, %v", got, err)
		}
		if err := db.SetTimeZone(ctx, "nobody", "UTC"); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Errorf("an unknown user's zone: %v", err)
		}
	})
}

func TestSetPasswordEndsSessionsAndForeignKeysHold(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		u := &musicify.User{Username: "bob", Email: "bob@example.com", PasswordHash: "old"}
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		for _, tok := range []string{"t1", "t2"} {
			if err := db.CreateSession(ctx, &musicify.Session{TokenHash: tok, UserID: u.ID, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.CreateSession(ctx, &musicify.Session{TokenHash: "x", UserID: "no-such-user", CreatedAt: now, LastSeenAt: now, ExpiresAt: now}); err == nil {
			t.Error("a session for a missing user was stored: foreign keys are off")
		}
		if err := db.SetPassword(ctx, u.ID, "new"); err != nil {
			t.Fatal(err)
		}
		for _, tok := range []string{"t1", "t2"} {
			if _, err := db.SessionByTokenHash(ctx, tok); musicify.ErrorCode(err) != musicify.ENOTFOUND {
				t.Errorf("session %s survived the password change: %v", tok, err)
			}
		}
		if got, _ := db.UserByID(ctx, u.ID); got.PasswordHash != "new" {
			t.Errorf("hash = %q", got.PasswordHash)
		}
	})
}

func TestAtMostMaxCodeAttemptsAreTakenHoweverManyArriveAtOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		c := &musicify.Code{Purpose: musicify.PurposeReset, Email: "a@example.com", CodeHash: "h", CreatedAt: time.Now(), ExpiresAt: time.Now().Add(time.Minute)}
		if err := db.PutCode(ctx, c); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var taken atomic.Int32
		for range 40 {
			wg.Go(func() {
				n, err := db.TakeCodeAttempt(ctx, c.Purpose, c.Email, 5)
				if err != nil {
					t.Error(err)
				}
				if n > 0 {
					taken.Add(1)
				}
			})
		}
		wg.Wait()
		if n := taken.Load(); n != 5 {
			t.Fatalf("%d tries were taken at once, want 5", n)
		}
		// A right code gives its try back.
		if err := db.ReturnCodeAttempt(ctx, c.Purpose, c.Email); err != nil {
			t.Fatal(err)
		}
		if n, _ := db.TakeCodeAttempt(ctx, c.Purpose, c.Email, 5); n != 5 {
			t.Fatalf("after a returned try: %d, want 5", n)
		}
	})
}

func TestCodesAreClaimedOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		c := &musicify.Code{Purpose: musicify.PurposeReset, Email: "a@example.com", CodeHash: "h1", CreatedAt: time.Now(), ExpiresAt: time.Now().Add(time.Minute)}
		if err := db.PutCode(ctx, c); err != nil {
			t.Fatal(err)
		}
		if n, _ := db.TakeCodeAttempt(ctx, c.Purpose, c.Email, 5); n != 1 {
			t.Errorf("attempts = %d", n)
		}
		c.CodeHash = "h2" // a new code replaces the old one and its tries
		if err := db.PutCode(ctx, c); err != nil {
			t.Fatal(err)
		}
		if got, _ := db.Code(ctx, c.Purpose, c.Email); got.Attempts != 0 || got.CodeHash != "h2" {
			t.Errorf("replaced code = %+v", got)
		}
		if ok, _ := db.DeleteCode(ctx, c.Purpose, c.Email, "h1"); ok {
			t.Error("deleted the code with the old hash")
		}
		if ok, _ := db.DeleteCode(ctx, c.Purpose, c.Email, "h2"); !ok {
			t.Error("could not claim the code")
		}
		if ok, _ := db.DeleteCode(ctx, c.Purpose, c.Email, "h2"); ok {
			t.Error("claimed the same code twice")
		}
	})
}

func TestStaleCodesAreSwept(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		now := time.Now()
		for email, expires := range map[string]time.Time{"old@example.com": now.Add(-25 * time.Hour), "new@example.com": now.Add(-time.Hour)} {
			if err := db.PutCode(ctx, &musicify.Code{Purpose: musicify.PurposeSignup, Email: email, CodeHash: "h", CreatedAt: now, ExpiresAt: expires}); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.DeleteStaleCodes(ctx, now.Add(-24*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Code(ctx, musicify.PurposeSignup, "old@example.com"); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Errorf("a code a day past expiry survived: %v", err)
		}
		if _, err := db.Code(ctx, musicify.PurposeSignup, "new@example.com"); err != nil {
			t.Errorf("a recently expired code was swept: %v", err)
		}
	})
}

// The generated secret key: the first instance to start writes it, every
// later start (and every other instance) reads the same.
func TestEnsureSettingKeepsTheFirstValue(t *testing.T) {
	db := open(t, filepath.Join(t.TempDir(), "m.db"))
	ctx := context.Background()
	for _, try := range []string{"first", "second"} {
		if got, err := db.EnsureSetting(ctx, "secret_key", try); err != nil || got != "first" {
			t.Fatalf("EnsureSetting(%q) = %q, %v; want first", try, got, err)
		}
	}
}
