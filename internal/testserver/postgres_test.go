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
	testserver.StopS3()
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

// Tests reuse a prepared database: the next one must find it as setup
// left it, with its rows (a migration's seed rows), its sequences, and no
// schema a test added.
func TestAReusedDatabaseIsAsSetupLeftIt(t *testing.T) {
	testserver.Needs(t, "PostgreSQL") // the subtests would skip, and the checks after them fail
	ctx := context.Background()
	setups := 0
	setup := func(url string) error {
		setups++
		db, err := sql.Open("pgx", url)
		if err != nil {
			return err
		}
		defer db.Close()
		_, err = db.ExecContext(ctx, `CREATE TABLE parent (id int PRIMARY KEY);
			CREATE TABLE child (id bigint GENERATED ALWAYS AS IDENTITY, parent int REFERENCES parent (id));
			INSERT INTO parent VALUES (0); SELECT nextval('child_id_seq')`)
		return err
	}
	var urls []string
	use := func(t *testing.T, do string) {
		t.Helper()
		u := testserver.PostgresFrom(t, "reuse", setup)
		urls = append(urls, u)
		db, err := sql.Open("pgx", u)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		var parents, next int
		if err := db.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM parent), nextval('child_id_seq')`).Scan(&parents, &next); err != nil {
			t.Fatal(err)
		}
		if parents != 1 || next != 2 {
			t.Errorf("a test found %d rows and the sequence at %d, want setup's 1 row and 2", parents, next)
		}
		if _, err := db.ExecContext(ctx, `INSERT INTO parent VALUES (1); INSERT INTO child (parent) VALUES (1); `+do); err != nil {
			t.Fatal(err)
		}
	}
	t.Run("first", func(t *testing.T) { use(t, "") })
	t.Run("second", func(t *testing.T) {
		use(t, `CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
			CREATE TRIGGER g BEFORE INSERT ON parent FOR EACH ROW EXECUTE FUNCTION f()`)
	})
	t.Run("third", func(t *testing.T) { use(t, "") })
	if len(urls) != 3 {
		t.Fatal("a test did not get its database")
	}
	if urls[0] != urls[1] {
		t.Errorf("the second test did not reuse the first one's database")
	}
	if urls[2] == urls[1] || setups != 2 {
		t.Errorf("a database whose schema a test changed was reused (%d setups)", setups)
	}
}
