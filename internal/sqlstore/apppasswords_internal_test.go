package sqlstore

import (
	"context"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
)

// Deleting an account deletes its app passwords with it.
func TestAppPasswordsGoWithTheirUser(t *testing.T) {
	eachDB(t, func(t *testing.T, d *DB) {
		ctx := context.Background()
		u := &musicify.User{Username: "ann", Email: "ann@example.com"}
		if err := d.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		if err := d.CreateAppPassword(ctx, &musicify.AppPassword{UserID: u.ID, Name: "Phone", Secret: []byte{1}, APIKeyHash: "h"}, 20); err != nil {
			t.Fatal(err)
		}
		if _, err := d.exec(ctx, `DELETE FROM users WHERE id = ?`, u.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := d.AppPasswordByAPIKeyHash(ctx, "h"); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Errorf("the app password outlived its user: %v", err)
		}
	})
}
