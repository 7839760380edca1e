// Package storetest runs a store test against every implementation of the
// store, on real servers: SQLite in a temp dir and PostgreSQL from
// testserver. A test that passes here holds on both. `go test -short`
// runs the SQLite half only: testserver skips the PostgreSQL one.
package storetest

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/testserver"
)

// Opener opens a new, empty store for a test, closed when it ends.
type Opener func(t testing.TB) *sqlstore.DB

// Stores are the implementations, by name.
var Stores = []struct {
	Name string
	Open Opener
}{
	{"sqlite", SQLite},
	{"postgres", Postgres},
}

// Each runs test once per store, as subtests named after the stores.
func Each(t *testing.T, test func(t *testing.T, open Opener)) {
	for _, s := range Stores {
		t.Run(s.Name, func(t *testing.T) { test(t, s.Open) })
	}
}

// SQLite opens a store in a new file of the test's temp dir.
func SQLite(t testing.TB) *sqlstore.DB {
	t.Helper()
	return opened(t)(sqlstore.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "m.db")))
}

// Postgres opens a store in a new database of the test PostgreSQL server.
// The test binary's TestMain must call testserver.StopPostgres.
func Postgres(t testing.TB) *sqlstore.DB {
	t.Helper()
	return opened(t)(sqlstore.OpenPostgres(context.Background(), PostgresURL(t)))
}

// PostgresURL returns a new database for the test, already migrated: a
// copy of one migrated once per test binary.
func PostgresURL(t testing.TB) string {
	t.Helper()
	return testserver.PostgresFrom(t, "sqlstore", func(url string) error {
		db, err := sqlstore.OpenPostgres(context.Background(), url)
		if err != nil {
			return err
		}
		return db.Close()
	})
}

func opened(t testing.TB) func(*sqlstore.DB, error) *sqlstore.DB {
	return func(db *sqlstore.DB, err error) *sqlstore.DB {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
}
