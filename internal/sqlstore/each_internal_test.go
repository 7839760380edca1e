package sqlstore

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/musicify/musicify/internal/testserver"
)

// eachDB runs test on a new store of each kind, for tests that read the
// tables themselves. (storetest imports this package, so it cannot serve
// tests inside it.)
func eachDB(t *testing.T, test func(t *testing.T, d *DB)) {
	ctx := context.Background()
	t.Run("sqlite", func(t *testing.T) {
		d, err := OpenSQLite(ctx, filepath.Join(t.TempDir(), "m.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		test(t, d)
	})
	t.Run("postgres", func(t *testing.T) {
		// The same key as storetest's: one pool of migrated databases.
		url := testserver.PostgresFrom(t, "sqlstore", func(url string) error {
			d, err := OpenPostgres(ctx, url)
			if err != nil {
				return err
			}
			return d.Close()
		})
		d, err := OpenPostgres(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		test(t, d)
	})
}
