package storetest_test

import (
	"os"
	"testing"

	"github.com/musicify/musicify/internal/sqlstore/storetest"
	"github.com/musicify/musicify/internal/testserver"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testserver.StopPostgres()
	os.Exit(code)
}

// Each runs a test on SQLite always and on PostgreSQL unless -short: the
// fast tier keeps the SQLite half.
func TestEachRunsOnEveryStoreAndShortKeepsSQLite(t *testing.T) {
	ran := map[string]bool{}
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		if err := open(t).Ping(t.Context()); err != nil {
			t.Fatal(err)
		}
		ran[t.Name()] = true
	})
	want := map[string]bool{t.Name() + "/sqlite": true, t.Name() + "/postgres": !testing.Short()}
	for name, w := range want {
		if ran[name] != w {
			t.Errorf("%s ran: %v, want %v", name, ran[name], w)
		}
	}
}
