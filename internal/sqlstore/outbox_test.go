package sqlstore

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/testserver"
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

// Numbers already shared before the sequence are made unique by the
// migration that brings it, in the order the mails came.
func TestTheOutboxMigrationRenumbersSharedNumbers(t *testing.T) {
	ctx := context.Background()
	url := testserver.Postgres(t)
	d, err := OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	// Back to the schema before migration 12, with mails that share numbers.
	if _, err := d.db.ExecContext(ctx, `DROP INDEX outbox_mails_seq_unique;
		ALTER TABLE outbox_mails ALTER COLUMN seq DROP DEFAULT; DROP SEQUENCE outbox_mails_seq;
		CREATE INDEX outbox_mails_seq ON outbox_mails (seq); DELETE FROM schema_migrations WHERE version = 12;
		INSERT INTO outbox_mails (id, seq, to_addr, subject, body, created_at) VALUES
			('a', 1, 'x@example.com', 'first', '', 1), ('b', 2, 'x@example.com', 'second', '', 2),
			('c', 2, 'x@example.com', 'third', '', 3)`); err != nil {
		t.Fatal(err)
	}
	d.Close()
	if d, err = OpenPostgres(ctx, url); err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	newMailComesFirst(t, d)
}

// SQLite's numbers get the same unique index (migration 26), renumbered
// in the order the mails came should any share one.
func TestTheSQLiteOutboxMigrationRenumbersSharedNumbers(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "m.db")
	d, err := OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	// Back to the schema before migration 26, with mails that share numbers.
	if _, err := d.db.ExecContext(ctx, `DROP INDEX outbox_mails_seq_unique;
		CREATE INDEX outbox_mails_seq ON outbox_mails (seq); DELETE FROM schema_migrations WHERE version = 26;
		INSERT INTO outbox_mails (id, seq, to_addr, subject, body, created_at) VALUES
			('a', 1, 'x@example.com', 'first', '', 1), ('b', 2, 'x@example.com', 'second', '', 2),
			('c', 2, 'x@example.com', 'third', '', 3)`); err != nil {
		t.Fatal(err)
	}
	d.Close()
	if d, err = OpenSQLite(ctx, path); err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.db.ExecContext(ctx, `INSERT INTO outbox_mails (id, seq, to_addr, subject, body, created_at)
		VALUES ('d', 3, 'x@example.com', 'a shared number', '', 4)`); err == nil {
		t.Error("two mails share a number after the migration")
	}
	newMailComesFirst(t, d)
}

// newMailComesFirst adds a fourth mail to the three the migration tests
// left and checks the order, newest first.
func newMailComesFirst(t *testing.T, d *DB) {
	t.Helper()
	ctx := context.Background()
	if err := d.AddOutboxMail(ctx, &musicify.OutboxMail{To: "x@example.com", Subject: "fourth"}); err != nil {
		t.Fatal(err)
	}
	mails, err := d.OutboxMails(ctx, 10)
	var got []string
	for _, m := range mails {
		got = append(got, m.Subject)
	}
	if err != nil || fmt.Sprint(got) != "[fourth third second first]" {
		t.Fatalf("mails after the migration, newest first: %v, %v", got, err)
	}
}
