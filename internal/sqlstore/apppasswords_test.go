package sqlstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

func TestAppPasswordsOnEveryStore(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		ctx := context.Background()
		db := open(t)
		now := time.UnixMilli(1_700_000_000_000).UTC()
		db.Now = func() time.Time { return now }
		ann, bob := &musicify.User{Username: "ann", Email: "ann@example.com"}, &musicify.User{Username: "bob", Email: "bob@example.com"}
		for _, u := range []*musicify.User{ann, bob} {
			if err := db.CreateUser(ctx, u); err != nil {
				t.Fatal(err)
			}
		}
		add := func(userID, name, hash string, max int) (*musicify.AppPassword, error) {
			p := &musicify.AppPassword{UserID: userID, Name: name, Secret: []byte{0, 0xff, byte(len(name))}, APIKeyHash: hash}
			err := db.CreateAppPassword(ctx, p, max)
			now = now.Add(time.Second)
			return p, err
		}
		phone, err := add(ann.ID, "Phone", "h1", 3)
		if err != nil || phone.ID == "" {
			t.Fatalf("CreateAppPassword = %+v, %v", phone, err)
		}
		laptop, err := add(ann.ID, "Laptop", "h2", 3)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := add(ann.ID, " PHONE", "h3", 3); musicify.ErrorMessage(err) != musicify.MsgAppPasswordNameUsed {
			t.Errorf("a name taken in another case: %v", err)
		}
		if _, err := add(bob.ID, "Phone", "h4", 3); err != nil {
			t.Errorf("bob's Phone: %v", err)
		}
		if _, err := add(ann.ID, "Tablet", "h5", 3); err != nil {
			t.Fatal(err)
		}
		if _, err := add(ann.ID, "Watch", "h6", 3); musicify.ErrorMessage(err) != musicify.MsgAppPasswordsFull {
			t.Errorf("past the limit: %v", err)
		}
		if _, err := add(ann.ID, "Watch", "h1", 9); musicify.ErrorCode(err) != musicify.EINTERNAL {
			t.Errorf("a secret already in use: %v", err)
		}
		if _, err := add("nobody", "Phone", "h7", 3); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Errorf("an unknown user: %v", err)
		}

		list, err := db.AppPasswords(ctx, ann.ID)
		if err != nil || len(list) != 3 || list[0].Name != "Tablet" || list[2].Name != "Phone" {
			t.Fatalf("AppPasswords = %+v, %v; want newest first", list, err)
		}
		got := list[2]
		if got.ID != phone.ID || got.UserID != ann.ID || string(got.Secret) != "\x00\xff\x05" || got.APIKeyHash != "h1" ||
			!got.CreatedAt.Equal(phone.CreatedAt) || !got.LastUsedAt.IsZero() {
			t.Errorf("read back %+v, wrote %+v", got, phone)
		}

		used := now.Add(time.Hour)
		if err := db.TouchAppPassword(ctx, phone.ID, used); err != nil {
			t.Fatal(err)
		}
		byKey, err := db.AppPasswordByAPIKeyHash(ctx, "h1")
		if err != nil || byKey.ID != phone.ID || !byKey.LastUsedAt.Equal(used) {
			t.Errorf("AppPasswordByAPIKeyHash = %+v, %v", byKey, err)
		}
		if _, err := db.AppPasswordByAPIKeyHash(ctx, "nope"); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Errorf("an unknown key: %v", err)
		}

		if err := db.DeleteAppPassword(ctx, bob.ID, laptop.ID); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Errorf("bob deleting ann's: %v", err)
		}
		if err := db.DeleteAppPassword(ctx, ann.ID, laptop.ID); err != nil {
			t.Fatal(err)
		}
		if err := db.DeleteAppPassword(ctx, ann.ID, laptop.ID); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Errorf("deleting twice: %v", err)
		}
		if list, err := db.AppPasswords(ctx, ann.ID); err != nil || len(list) != 2 {
			t.Errorf("after deleting: %+v, %v", list, err)
		}
		if list, err := db.AppPasswords(ctx, "nobody"); err != nil || list == nil || len(list) != 0 {
			t.Errorf("nobody's: %+v, %v", list, err)
		}
	})
}
