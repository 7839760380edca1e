package testserver_test

import (
	"context"
	"database/sql"
	"os"
	"testing"

	"github.com/musicify/musicify/internal/testserver"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testserver.StopPostgres()
	os.Exit(code)
}

func TestEachTestGetsItsOwnEmptyPostgresDatabase(t *testing.T) {
	ctx := context.Background()
	var urls []string
	for range 2 {
		u := testserver.Postgres(t)
		db, err := sql.Open("pgx", u)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if _, err := db.ExecContext(ctx, `CREATE TABLE t (x int)`); err != nil {
			t.Fatalf("a second database is not empty: %v", err)
		}
		urls = append(urls, u)
	}
	if urls[0] == urls[1] {
		t.Fatalf("two tests share %s", urls[0])
	}
}
