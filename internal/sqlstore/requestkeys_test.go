package sqlstore_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// A request key is claimed once, however many ask at once; its answer
// comes back to every repeat; a failed request can be sent again, one
// abandoned mid-write is taken over, and old keys are swept.
func TestARequestKeyAppliesAWriteOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db, ctx := open(t), context.Background()
		u := &musicify.User{Username: "ann", Email: "ann@example.com"}
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		t0 := time.UnixMilli(1_700_000_000_000)
		var claims atomic.Int32
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				claimed, _, _, err := db.BeginRequest(ctx, u.ID, "k1", t0)
				if err != nil {
					t.Error(err)
				} else if claimed {
					claims.Add(1)
				}
			})
		}
		wg.Wait()
		if claims.Load() != 1 {
			t.Fatalf("%d of 8 requests with one key claimed it", claims.Load())
		}
		if claimed, status, _, err := db.BeginRequest(ctx, u.ID, "k1", t0.Add(time.Second)); err != nil || claimed || status != 0 {
			t.Fatalf("a repeat while the first is applied: %v %d %v", claimed, status, err)
		}
		if err := db.FinishRequest(ctx, u.ID, "k1", 200, `{"message":"Song liked"}`); err != nil {
			t.Fatal(err)
		}
		if claimed, status, body, err := db.BeginRequest(ctx, u.ID, "k1", t0.Add(time.Hour)); err != nil || claimed || status != 200 || body != `{"message":"Song liked"}` {
			t.Fatalf("a repeat after the answer: %v %d %q %v", claimed, status, body, err)
		}

		if claimed, _, _, _ := db.BeginRequest(ctx, u.ID, "k2", t0); !claimed {
			t.Fatal("a new key was not claimed")
		}
		if err := db.AbandonRequest(ctx, u.ID, "k2"); err != nil {
			t.Fatal(err)
		}
		if claimed, _, _, _ := db.BeginRequest(ctx, u.ID, "k2", t0); !claimed {
			t.Fatal("a failed request could not be sent again")
		}
		if claimed, _, _, _ := db.BeginRequest(ctx, u.ID, "k2", t0.Add(2*time.Minute)); !claimed {
			t.Fatal("a request abandoned mid-write (its instance died) was not taken over")
		}
		other := &musicify.User{Username: "bob", Email: "bob@example.com"}
		if err := db.CreateUser(ctx, other); err != nil {
			t.Fatal(err)
		}
		if claimed, _, _, _ := db.BeginRequest(ctx, other.ID, "k1", t0); !claimed {
			t.Fatal("one person's key held back another's")
		}

		if err := db.DeleteRequestsBefore(ctx, t0.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		if claimed, _, _, _ := db.BeginRequest(ctx, u.ID, "k1", t0.Add(3*time.Minute)); !claimed {
			t.Fatal("a swept key still held")
		}
	})
}
