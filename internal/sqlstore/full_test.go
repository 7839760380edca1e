package sqlstore_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// SQLite says "database or disk is full" with no errno: a write that meets
// it is the out-of-space error (507), not an internal one (500).
func TestAFullSQLiteDatabaseIsOutOfSpace(t *testing.T) {
	db := storetest.SQLite(t)
	ctx := context.Background()
	conn, err := db.Pool().Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var pages int
	if err := conn.QueryRowContext(ctx, `PRAGMA page_count`).Scan(&pages); err != nil {
		t.Fatal(err)
	}
	// The file may not grow past what it holds now: the next page is "full".
	if _, err := conn.ExecContext(ctx, `PRAGMA max_page_count = `+strconv.Itoa(pages)); err != nil {
		t.Fatal(err)
	}
	_, err = conn.ExecContext(ctx, `INSERT INTO settings (name, value) VALUES ('filler', ?)`, strings.Repeat("x", 1<<20))
	if err == nil {
		t.Fatal("a 1 MB row fit in a database that may not grow")
	}
	if musicify.ErrorCode(err) != musicify.ENOSPACE || musicify.ErrorMessage(err) != musicify.ErrNoSpace.Message {
		t.Errorf("%v: code %q", err, musicify.ErrorCode(err))
	}
}
