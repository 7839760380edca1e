package auth_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
)

type noMail struct{}

func (noMail) Send(context.Context, musicify.Mail) error { return nil }

// BenchmarkAuthenticate is what every signed-in request pays to resolve its
// session cookie against SQLite.
func BenchmarkAuthenticate(b *testing.B) {
	ctx := context.Background()
	db, err := sqlstore.OpenSQLite(ctx, filepath.Join(b.TempDir(), "m.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	svc := auth.NewService(db, noMail{}, auth.Options{Hash: auth.Argon2Params{Memory: 64, Time: 1, Threads: 1}})
	if err := db.CreateUser(ctx, &musicify.User{Username: "bench", Email: "bench@example.com"}); err != nil {
		b.Fatal(err)
	}
	_, token, err := svc.SignInExternal(ctx, "bench@example.com")
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, _, _, err := svc.Authenticate(ctx, token); err != nil {
				b.Fatal(err)
			}
		}
	})
}
