package admin_test

import (
	"context"
	"testing"

	"github.com/musicify/musicify/internal/admin"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// A mode picked on the admin page holds until MUSICIFY_SIGNUP changes:
// then the operator's new setting wins.
func TestThePickedSignupModeHoldsUntilTheVariableChanges(t *testing.T) {
	ctx := context.Background()
	db := storetest.SQLite(t)
	svc := &admin.Service{Store: db}
	if m, err := svc.SignupMode(ctx); err != nil || m != musicify.SignupOpen {
		t.Fatalf("default: %q, %v", m, err)
	}
	if _, err := svc.SetSignupMode(ctx, "invite"); err != nil {
		t.Fatal(err)
	}
	if m, _ := svc.SignupMode(ctx); m != musicify.SignupInvite {
		t.Fatalf("after picking invite: %q", m)
	}
	restarted := &admin.Service{Store: db, Mode: musicify.SignupClosed}
	if m, _ := restarted.SignupMode(ctx); m != musicify.SignupClosed {
		t.Fatalf("after MUSICIFY_SIGNUP=closed: %q", m)
	}
	if _, err := restarted.SetSignupMode(ctx, "open"); err != nil {
		t.Fatal(err)
	}
	if m, _ := restarted.SignupMode(ctx); m != musicify.SignupOpen {
		t.Fatalf("picked open under closed: %q", m)
	}
	if _, err := restarted.SetSignupMode(ctx, "maybe"); musicify.ErrorCode(err) != musicify.EINVALID {
		t.Fatalf("a bad mode: %v", err)
	}
}

// Deleting an admin is refused before any of their songs is touched.
func TestAnAdminIsNotDeleted(t *testing.T) {
	ctx := context.Background()
	db := storetest.SQLite(t)
	u := &musicify.User{Username: "ann", Email: "ann@example.org"}
	if err := db.CreateAccount(ctx, u, musicify.AccountGrant{FirstAdmin: true}); err != nil {
		t.Fatal(err)
	}
	svc := &admin.Service{Store: db} // no Catalog: reaching it would panic
	if err := svc.Delete(ctx, u.ID, false); musicify.ErrorCode(err) != musicify.ECONFLICT {
		t.Fatalf("deleting the admin: %v", err)
	}
	if _, err := svc.SetAdmin(ctx, musicify.LibraryUserID, true); musicify.ErrorCode(err) != musicify.ENOTFOUND {
		t.Fatalf("making the library an admin: %v", err)
	}
}
