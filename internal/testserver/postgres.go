package testserver

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
)

// pg is the PostgreSQL this test binary started, or the one named by
// MUSICIFY_TEST_POSTGRES_URL: an admin URL that may create databases.
var pg struct {
	once  sync.Once
	admin string
	err   error
	cmd   *exec.Cmd
	done  chan struct{}
	dir   string

	mu    sync.Mutex
	pools map[string]*pool
}

// pool holds the databases one setup prepared that no test is using.
type pool struct {
	free    []string
	all     []string
	schema  string // fingerprint of the schema setup made
	restore string // statements that put back the rows and sequences setup made
}

// Postgres returns the URL of a new, empty database for this test on a real
// PostgreSQL server, dropped when the test ends. Call StopPostgres from
// TestMain so the server this binary started ends with it.
func Postgres(t testing.TB) string {
	t.Helper()
	return newDatabase(t)
}

// PostgresFrom returns the URL of a database for this test, prepared by
// setup (given its URL; it must close its connections). When the test ends
// the database's rows are deleted and its sequences reset, and the next test
// asking for key reuses it: emptying a few small tables takes milliseconds
// where creating and migrating a database takes half a second. A test that
// changed the schema (a trigger, a table) gets its database dropped instead.
func PostgresFrom(t testing.TB, key string, setup func(url string) error) string {
	t.Helper()
	server(t)
	pg.mu.Lock()
	if pg.pools == nil {
		pg.pools = map[string]*pool{}
	}
	p := pg.pools[key]
	if p == nil {
		p = &pool{}
		pg.pools[key] = p
	}
	var name string
	if n := len(p.free); n > 0 {
		name, p.free = p.free[n-1], p.free[:n-1]
	}
	pg.mu.Unlock()
	if name == "" {
		name = randomName("musicify_test_")
		if err := adminExec(`CREATE DATABASE ` + name); err != nil {
			t.Fatalf("creating test database: %v", err)
		}
		pg.mu.Lock()
		p.all = append(p.all, name) // dropped by StopPostgres
		pg.mu.Unlock()
		if err := setup(databaseURL(name)); err != nil {
			t.Fatalf("preparing test database %q: %v", key, err)
		}
		restore, fp, err := snapshot(name)
		if err != nil {
			t.Fatalf("preparing test database %q: %v", key, err)
		}
		pg.mu.Lock()
		p.schema, p.restore = fp, restore
		pg.mu.Unlock()
	}
	t.Cleanup(func() {
		pg.mu.Lock()
		restore := p.restore
		pg.mu.Unlock()
		fp, err := reset(name, restore)
		pg.mu.Lock()
		if err == nil && fp == p.schema {
			p.free = append(p.free, name)
			pg.mu.Unlock()
			return
		}
		pg.mu.Unlock()
		if err := adminExec(`DROP DATABASE ` + name + ` WITH (FORCE)`); err != nil {
			t.Errorf("dropping test database: %v", err)
		}
	})
	return databaseURL(name)
}

// schemaQuery fingerprints what a test could change besides rows: tables,
// columns, functions and triggers.
const schemaQuery = `SELECT md5(COALESCE(string_agg(x, ',' ORDER BY x), '')) FROM (
	SELECT c.relname || '.' || c.relkind::text || '.' || COALESCE(a.attname || ':' || a.atttypid::text, '') AS x
		FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
		WHERE n.nspname = 'public'
	UNION ALL SELECT 'f:' || proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'
	UNION ALL SELECT 't:' || tgname FROM pg_trigger WHERE NOT tgisinternal) s`

// seedSchema keeps, in each database, a copy of the rows setup left.
const seedSchema = "testserver_seed"

// snapshot copies the rows setup left (a migration's seed rows) aside and
// returns the statements that restore them and the sequences, and the
// schema's fingerprint.
func snapshot(name string) (restore, fingerprint string, err error) {
	db, err := sql.Open("pgx", databaseURL(name))
	if err != nil {
		return "", "", err
	}
	defer db.Close()
	ctx := context.Background()
	var stmts []string
	if _, err := db.ExecContext(ctx, `CREATE SCHEMA `+seedSchema); err != nil {
		return "", "", err
	}
	for _, table := range tablesOf(ctx, db, &err) {
		var rows bool
		if err := db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM `+table+`)`).Scan(&rows); err != nil {
			return "", "", err
		}
		if !rows {
			continue
		}
		if _, err := db.ExecContext(ctx, `CREATE TABLE `+seedSchema+`.`+table+` AS TABLE `+table); err != nil {
			return "", "", err
		}
		stmts = append(stmts, `INSERT INTO `+table+` OVERRIDING SYSTEM VALUE SELECT * FROM `+seedSchema+`.`+table)
	}
	if err != nil {
		return "", "", err
	}
	var sequences string
	if err := db.QueryRowContext(ctx, `SELECT COALESCE(string_agg('SELECT setval(' || quote_literal(quote_ident(sequencename))
		|| ', ' || COALESCE(last_value, start_value) || ', ' || (last_value IS NOT NULL) || ')', ';'), '')
		FROM pg_sequences WHERE schemaname = 'public'`).Scan(&sequences); err != nil {
		return "", "", err
	}
	if sequences != "" {
		stmts = append(stmts, sequences)
	}
	err = db.QueryRowContext(ctx, schemaQuery).Scan(&fingerprint)
	return strings.Join(stmts, ";"), fingerprint, err
}

// tablesOf lists the tables whose rows a test may change.
func tablesOf(ctx context.Context, db interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, errp *error) []string {
	rows, err := db.QueryContext(ctx, `SELECT quote_ident(tablename) FROM pg_tables
		WHERE schemaname = 'public' AND tablename <> 'schema_migrations' ORDER BY tablename`)
	if err != nil {
		*errp = err
		return nil
	}
	defer rows.Close()
	var tables []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			*errp = err
			return nil
		}
		tables = append(tables, t)
	}
	*errp = rows.Err()
	return tables
}

// reset deletes every row a test made, puts back what setup left, and
// returns the schema's fingerprint. DELETE with the foreign keys' (and
// every other) trigger off is far faster than TRUNCATE on tables this
// small; TRUNCATE serves when the admin is no superuser.
func reset(name, restore string) (string, error) {
	db, err := sql.Open("pgx", databaseURL(name))
	if err != nil {
		return "", err
	}
	defer db.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn, err := db.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	// A test that left a transaction open has not let go of its database.
	if _, err := conn.ExecContext(ctx, `SET lock_timeout = '5s'`); err != nil {
		return "", err
	}
	tables := tablesOf(ctx, conn, &err)
	if err != nil {
		return "", err
	}
	if _, err := conn.ExecContext(ctx, `SET session_replication_role = replica`); err == nil {
		for _, table := range tables {
			if _, err := conn.ExecContext(ctx, `DELETE FROM `+table); err != nil {
				return "", err
			}
		}
	} else if len(tables) > 0 {
		if _, err := conn.ExecContext(ctx, `TRUNCATE `+strings.Join(tables, ",")+` CASCADE`); err != nil {
			return "", err
		}
	}
	if restore != "" {
		if _, err := conn.ExecContext(ctx, restore); err != nil {
			return "", err
		}
	}
	var fp string
	err = conn.QueryRowContext(ctx, schemaQuery).Scan(&fp)
	return fp, err
}

// server starts (or finds) the test server once per binary.
func server(t testing.TB) {
	t.Helper()
	Needs(t, "PostgreSQL")
	if _, err := PostgresAdmin(); err != nil {
		t.Fatalf("starting PostgreSQL for the tests (run scripts/system-deps.sh, or set MUSICIFY_TEST_POSTGRES_URL): %v", err)
	}
}

// PostgresAdmin starts this program's PostgreSQL once, or takes
// MUSICIFY_TEST_POSTGRES_URL, and returns the admin URL; for a harness that
// is not a test (internal/testserver/cluster). StopPostgres ends it.
func PostgresAdmin() (string, error) {
	pg.once.Do(func() {
		if u := os.Getenv("MUSICIFY_TEST_POSTGRES_URL"); u != "" {
			pg.admin = u
			if _, err := url.Parse(u); err != nil {
				pg.err = fmt.Errorf("MUSICIFY_TEST_POSTGRES_URL: %w", err)
			}
			return
		}
		pg.admin, pg.err = startPostgres()
	})
	return pg.admin, pg.err
}

// newDatabase creates an empty database for the test and drops it when the
// test ends.
func newDatabase(t testing.TB) string {
	t.Helper()
	server(t)
	u, drop, err := NewDatabase()
	if err != nil {
		t.Fatalf("creating test database: %v", err)
	}
	t.Cleanup(func() {
		if err := drop(); err != nil {
			t.Errorf("dropping test database: %v", err)
		}
	})
	return u
}

// NewDatabase creates an empty database on the server PostgresAdmin
// started and returns its URL and what drops it.
func NewDatabase() (string, func() error, error) {
	if _, err := PostgresAdmin(); err != nil {
		return "", nil, err
	}
	name := randomName("musicify_test_")
	if err := adminExec(`CREATE DATABASE ` + name); err != nil {
		return "", nil, err
	}
	drop := func() error { return adminExec(`DROP DATABASE ` + name + ` WITH (FORCE)`) }
	return databaseURL(name), drop, nil
}

func randomName(prefix string) string {
	b := make([]byte, 8)
	rand.Read(b)
	return prefix + hex.EncodeToString(b)
}

// adminExec runs one statement as the admin, on a connection of its own:
// CREATE and DROP DATABASE cannot run in a transaction.
func adminExec(stmt string) error {
	admin, err := sql.Open("pgx", pg.admin)
	if err != nil {
		return err
	}
	defer admin.Close()
	_, err = admin.ExecContext(context.Background(), stmt)
	return err
}

// databaseURL is the admin URL with the database name swapped in.
func databaseURL(name string) string {
	u, _ := url.Parse(pg.admin) // checked by server
	u.Path = "/" + name
	return u.String()
}

// StopPostgres stops the server Postgres started, if it did, and removes
// its files.
func StopPostgres() {
	// An outside server (MUSICIFY_TEST_POSTGRES_URL) keeps running: drop
	// the databases this binary kept for reuse.
	for _, p := range pg.pools {
		for _, name := range p.all {
			_ = adminExec(`DROP DATABASE IF EXISTS ` + name + ` WITH (FORCE)`)
		}
	}
	pg.pools = nil
	if pg.cmd == nil {
		return
	}
	// SIGINT is PostgreSQL's fast shutdown: it ends the backends and exits.
	_ = pg.cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-pg.done:
	case <-time.After(30 * time.Second):
		_ = pg.cmd.Process.Kill()
		<-pg.done
	}
	os.RemoveAll(pg.dir)
	pg.cmd = nil
}

// startPostgres runs initdb and postgres from Debian's package in a temp
// dir on a free port, as the postgres user when this runs as root (the
// server refuses to run as root), and returns the admin URL.
func startPostgres() (string, error) {
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(bins) == 0 {
		return "", errors.New("no /usr/lib/postgresql/*/bin/initdb")
	}
	bin := filepath.Dir(bins[len(bins)-1])
	dir, err := os.MkdirTemp("", "musicify-pg-")
	if err != nil {
		return "", err
	}
	pg.dir = dir
	var cred *syscall.Credential
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return "", fmt.Errorf("running as root needs a postgres user: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		if err := os.Chown(dir, uid, gid); err != nil {
			return "", err
		}
	}
	command := func(name string, args ...string) *exec.Cmd {
		c := exec.Command(filepath.Join(bin, name), args...)
		c.Dir = dir
		// Pdeathsig ends the server if this test binary dies without TestMain's Stop.
		c.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGKILL}
		return c
	}
	data := filepath.Join(dir, "data")
	if out, err := command("initdb", "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync").CombinedOutput(); err != nil {
		return "", fmt.Errorf("initdb: %v: %s", err, out)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	cmd := command("postgres", "-D", data, "-p", strconv.Itoa(port), "-k", dir, "-c", "listen_addresses=127.0.0.1",
		"-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=200")
	logf, err := os.Create(filepath.Join(dir, "server.log"))
	if err != nil {
		return "", err
	}
	defer logf.Close()
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := StartHeld(cmd); err != nil {
		return "", fmt.Errorf("starting postgres: %w", err)
	}
	pg.cmd, pg.done = cmd, make(chan struct{})
	go func() { _ = cmd.Wait(); close(pg.done) }()
	admin := fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port)
	db, err := sql.Open("pgx", admin)
	if err != nil {
		return "", err
	}
	defer db.Close()
	// A guard against a hang, not a speed check.
	deadline := time.Now().Add(2 * time.Minute)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		err := db.PingContext(ctx)
		cancel()
		if err == nil {
			return admin, nil
		}
		select {
		case <-pg.done:
			log, _ := os.ReadFile(filepath.Join(dir, "server.log"))
			return "", fmt.Errorf("postgres stopped before it answered: %s", log)
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return "", fmt.Errorf("postgres did not answer on port %d: %w", port, err)
		}
	}
}
