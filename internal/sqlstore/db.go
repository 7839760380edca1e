// Package sqlstore implements the domain stores on database/sql, on SQLite
// or PostgreSQL. Queries are portable SQL with ? placeholders, rebound in
// one place (the exec and query helpers of DB and Tx); everything
// dialect-specific sits behind the dialect interface.
package sqlstore

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // registers the pure-Go "sqlite" driver

	"github.com/musicify/musicify/internal/musicify"
)

//go:embed migrations
var migrations embed.FS

// DB is the store. It satisfies the domain's store interfaces.
type DB struct {
	db      *sql.DB
	dialect dialect
	// Now is the clock for timestamps the store writes itself.
	Now func() time.Time
	// Events hears every domain event once its change committed, whichever
	// service (or the demo seeder) made it; the event log has them too.
	Events musicify.Publisher
	// snap, when set, is the read transaction every query runs in (Snapshot).
	snap *sql.Tx
	// stmts caches prepared statements by query: parsing SQL was a quarter
	// of the CPU of a streamed range request before.
	stmts sync.Map
	// pool is how many connections are kept open.
	pool int
}

// OpenSQLite opens (creating if needed) the SQLite file at path with WAL,
// foreign keys and a busy timeout, and applies pending migrations.
func OpenSQLite(ctx context.Context, path string) (*DB, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return nil, fmt.Errorf("creating database directory: %w", err)
	}
	q := url.Values{}
	for _, p := range []string{"journal_mode(WAL)", "foreign_keys(1)", "busy_timeout(10000)", "synchronous(NORMAL)"} {
		q.Add("_pragma", p)
	}
	// Immediate transactions take the write lock up front, so two writers
	// wait on the busy timeout instead of failing on a lock upgrade.
	q.Set("_txlock", "immediate")
	sqldb, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("opening database: %w", err)
	}
	// Keep connections open: a new SQLite connection re-runs the pragmas and
	// re-prepares every statement, which showed as tail latency under load.
	sqldb.SetMaxOpenConns(8)
	sqldb.SetMaxIdleConns(8)
	d := &DB{db: sqldb, dialect: sqlite{}, Now: time.Now, pool: 8}
	if err := sqldb.PingContext(ctx); err != nil {
		sqldb.Close()
		return nil, fmt.Errorf("opening database %s: %w", path, err)
	}
	if err := d.migrate(ctx); err != nil {
		sqldb.Close()
		return nil, err
	}
	return d, nil
}

// Close closes the prepared statements and the database.
func (d *DB) Close() error {
	d.stmts.Range(func(_, st any) bool {
		st.(*sql.Stmt).Close()
		return true
	})
	return d.db.Close()
}

// Dialect names the database: "sqlite" or "postgres".
func (d *DB) Dialect() string { return d.dialect.name() }

// Ping tells whether the database answers, for the health check.
func (d *DB) Ping(ctx context.Context) error { return d.db.PingContext(ctx) }

// stmt returns the prepared statement of query, preparing it once. A
// *sql.Stmt is safe for concurrent use and re-prepares per connection.
func (d *DB) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	if st, ok := d.stmts.Load(query); ok {
		return st.(*sql.Stmt), nil
	}
	st, err := d.db.PrepareContext(ctx, d.dialect.rebind(query))
	if err != nil {
		return nil, err
	}
	if prev, loaded := d.stmts.LoadOrStore(query, st); loaded {
		st.Close()
		return prev.(*sql.Stmt), nil
	}
	return st, nil
}

func (d *DB) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if d.snap != nil {
		res, err := d.snap.ExecContext(ctx, d.dialect.rebind(query), args...)
		return res, lost(err)
	}
	st, err := d.stmt(ctx, query)
	if err != nil {
		return nil, lost(err)
	}
	res, err := st.ExecContext(ctx, args...)
	return res, lost(err)
}

func (d *DB) queryRow(ctx context.Context, query string, args ...any) row {
	if d.snap != nil {
		return row{Row: d.snap.QueryRowContext(ctx, d.dialect.rebind(query), args...)}
	}
	r := row{Row: d.askRow(ctx, query, args)}
	if isRead(query) {
		r.retry = &retry{d, ctx, query, args}
	}
	return r
}

func (d *DB) askRow(ctx context.Context, query string, args []any) *sql.Row {
	st, err := d.stmt(ctx, query)
	if err != nil {
		// A query that does not prepare fails the same way when run.
		return d.db.QueryRowContext(ctx, d.dialect.rebind(query), args...)
	}
	return st.QueryRowContext(ctx, args...)
}

func (d *DB) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if d.snap != nil {
		return d.snap.QueryContext(ctx, d.dialect.rebind(query), args...)
	}
	ask := func() (*sql.Rows, error) {
		st, err := d.stmt(ctx, query)
		if err != nil {
			return nil, err
		}
		return st.QueryContext(ctx, args...)
	}
	rows, err := ask()
	if err != nil && connectionGone(err) && isRead(query) {
		d.dropIdle()
		rows, err = ask()
	}
	return rows, lost(err)
}

// A read whose pooled connection turned out dead (the database restarted
// since) is asked once more on a fresh one, so the first request after a
// restart gets its answer rather than a 503. Writes are not: one may have
// been applied before its connection went.
func isRead(query string) bool {
	q := strings.TrimSpace(query)
	return len(q) > 6 && strings.EqualFold(q[:6], "SELECT") && !strings.Contains(strings.ToUpper(q), "FOR UPDATE")
}

// connectionGone tells whether err says the connection or the database
// went away (refused, reset, cut, shutting down).
func connectionGone(err error) bool {
	return musicify.ErrorCode(lost(err)) == musicify.EUNAVAILABLE
}

// dropIdle closes the idle connections: when one was found dead, those
// opened before it most likely are too.
func (d *DB) dropIdle() {
	d.db.SetMaxIdleConns(0)
	d.db.SetMaxIdleConns(d.pool)
}

// migrate applies the embedded migrations of the dialect that are not yet
// recorded, each in its own transaction, in file-name order, holding the
// dialect's lock so instances starting at once migrate once.
func (d *DB) migrate(ctx context.Context) error {
	conn, err := d.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("migrating: %w", err)
	}
	defer conn.Close()
	unlock, err := d.dialect.lockMigrations(ctx, conn)
	if err != nil {
		return err
	}
	defer unlock()
	if _, err := conn.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)`); err != nil {
		return fmt.Errorf("creating migrations table: %w", err)
	}
	dir := "migrations/" + d.dialect.name()
	names, err := fs.Glob(migrations, dir+"/*.sql")
	if err != nil {
		return fmt.Errorf("listing migrations: %w", err)
	}
	sort.Strings(names)
	for _, name := range names {
		version, err := strconv.Atoi(strings.SplitN(filepath.Base(name), "_", 2)[0])
		if err != nil {
			return fmt.Errorf("migration %s: name must start with a number", name)
		}
		var n int
		if err := conn.QueryRowContext(ctx, d.dialect.rebind(`SELECT COUNT(*) FROM schema_migrations WHERE version = ?`), version).Scan(&n); err != nil {
			return fmt.Errorf("reading migrations: %w", err)
		}
		if n > 0 {
			continue
		}
		body, err := migrations.ReadFile(name)
		if err != nil {
			return fmt.Errorf("reading migration %s: %w", name, err)
		}
		if err := d.applyMigration(ctx, conn, version, string(body)); err != nil {
			return fmt.Errorf("applying migration %s: %w", name, err)
		}
	}
	return nil
}

func (d *DB) applyMigration(ctx context.Context, conn *sql.Conn, version int, body string) error {
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, body); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, d.dialect.rebind(`INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)`),
		version, toMillis(d.Now())); err != nil {
		return err
	}
	return tx.Commit()
}

func toMillis(t time.Time) int64 { return t.UnixMilli() }

func fromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

// inOrder puts rows read by an IN list back in the order of keys, leaving
// out keys no row has; key names a row's key.
func inOrder[T any](keys []string, rows []T, key func(T) string) []T {
	byKey := make(map[string]T, len(rows))
	for _, r := range rows {
		byKey[key(r)] = r
	}
	out := make([]T, 0, len(rows))
	for _, k := range keys {
		if r, ok := byKey[k]; ok {
			out = append(out, r)
		}
	}
	return out
}

// collect runs a query and scans every row with scan: one loop for every
// list the store returns, which is never nil.
func collect[T any](ctx context.Context, d *DB, what string, scan func(scanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := d.query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", what, lost(err))
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, fmt.Errorf("listing %s: %w", what, err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("listing %s: %w", what, lost(err))
	}
	return out, nil
}
