package main

import (
	"context"
	"os"

	"github.com/musicify/musicify/internal/config"
	"github.com/musicify/musicify/internal/sqlstore"
)

// configuredDB opens the database the MUSICIFY_* settings name, as a
// command beside the server needs it.
func configuredDB(ctx context.Context) (*config.Config, *sqlstore.DB, error) {
	cfg, err := config.Load(os.Getenv)
	if err != nil {
		return nil, nil, err
	}
	db, err := sqlstore.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, nil, err
	}
	return cfg, db, nil
}
