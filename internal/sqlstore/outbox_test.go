package sqlstore

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
)

// Mails are shown in arrival order by seq: with MAX(seq)+1, writers at
// once on PostgreSQL took the same number and the order was a guess.
func TestMailsWrittenAtOnceGetTheirOwnNumbers(t *testing.T) {
	eachDB(t, func(t *testing.T, d *DB) {
		ctx := context.Background()
		const writers, each = 8, 10
		var wg sync.WaitGroup
		for w := range writers {
			wg.Go(func() {
				for i := range each {
					m := &musicify.OutboxMail{To: fmt.Sprintf("w%d@example.com", w), Subject: fmt.Sprint(i), Text: "hi"}
					if err := d.AddOutboxMail(ctx, m); err != nil {
						t.Error(err)
						return
					}
				}
			})
		}
		wg.Wait()
		var rows, numbers int
		if err := d.db.QueryRowContext(ctx, `SELECT COUNT(*), COUNT(DISTINCT seq) FROM outbox_mails`).Scan(&rows, &numbers); err != nil {
			t.Fatal(err)
		}
		if rows != writers*each || numbers != rows {
			t.Fatalf("%d mails kept with %d distinct numbers, want %d each", rows, numbers, writers*each)
		}
		// Each writer's mails read back newest first, in the order written.
		mails, err := d.OutboxMails(ctx, writers*each)
		if err != nil {
			t.Fatal(err)
		}
		next := map[string]int{}
		for _, m := range mails {
			if want := fmt.Sprint(each - 1 - next[m.To]); m.Subject != want {
				t.Fatalf("mail %s to %s came where %s should", m.Subject, m.To, want)
			}
			next[m.To]++
		}
	})
}
