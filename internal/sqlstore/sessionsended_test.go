package sqlstore_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// Every change that ends sessions writes EventSessionsEnded with it, so
// that every instance, now or after a restart, refuses their media URLs.
func TestEndingSessionsIsAnEventOfTheChange(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		start := time.Now().Add(-time.Minute)
		var ids []string
		for _, name := range []string{"ann", "bob", "cyd", "dan"} {
			u := &musicify.User{Username: name, Email: name + "@example.com"}
			if err := db.CreateUser(ctx, u); err != nil {
				t.Fatal(err)
			}
			if err := db.CreateSession(ctx, &musicify.Session{TokenHash: "hash-" + name, UserID: u.ID, CreatedAt: time.Now(),
				LastSeenAt: time.Now(), ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, u.ID)
		}
		must := func(err error) {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
		}
		must(db.DeleteSession(ctx, "hash-ann"))
		must(db.DeleteSession(ctx, "hash-ann")) // ended already: no second event
		must(db.SetPassword(ctx, ids[1], "new-hash"))
		must(db.SetDisabled(ctx, ids[2], true, time.Now()))
		must(db.DeleteUser(ctx, ids[3], true))
		events, err := db.EventsSince(ctx, musicify.EventSessionsEnded, start)
		if err != nil || len(events) != 4 {
			t.Fatalf("%d events, %v; want one per change", len(events), err)
		}
		for i, e := range events {
			var d musicify.SessionsEnded
			if err := json.Unmarshal(e.Data, &d); err != nil || e.UserID != ids[i] || e.Seq == 0 {
				t.Fatalf("event %d: %+v %v", i, e, err)
			}
			if i == 0 && d.Session != musicify.SessionRef("hash-ann") || i > 0 && d.Before == 0 {
				t.Errorf("event %d: %+v", i, d)
			}
		}
	})
}
