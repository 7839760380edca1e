package playlists_test

import (
	"context"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/playlists"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

func TestValidateDescription(t *testing.T) {
	for _, c := range []struct{ in, want, refused string }{
		{in: "", want: ""},
		{in: "  Songs for the road.  ", want: "Songs for the road."},
		{in: "Two\nlines\tand a tab", want: "Two lines and a tab"},
		{in: "Café — 夜の歌 🎧", want: "Café — 夜の歌 🎧"},
		{in: strings.Repeat("é", musicify.PlaylistDescriptionMax), want: strings.Repeat("é", musicify.PlaylistDescriptionMax)},
		{in: strings.Repeat("a", musicify.PlaylistDescriptionMax+1), refused: "too long: at most 300 characters"},
		{in: "bell\a", refused: "control character"},
		{in: "nul\x00", refused: "control character"},
		{in: "bad \xff", refused: "must be text"},
	} {
		got, err := playlists.ValidateDescription(c.in)
		if c.refused == "" {
			if err != nil || got != c.want {
				t.Errorf("%q: %q, %v; want %q", c.in, got, err, c.want)
			}
			continue
		}
		if musicify.ErrorCode(err) != musicify.EINVALID || musicify.ErrorField(err) != "description" || !strings.Contains(musicify.ErrorMessage(err), c.refused) {
			t.Errorf("%q: %v; want an invalid description saying %q", c.in, err, c.refused)
		}
	}
}

// Update changes the name and/or description, validated, and only for the
// owner; a field not given stays.
func TestUpdateChangesNameAndDescriptionForTheOwnerOnly(t *testing.T) {
	db := storetest.SQLite(t)
	ctx := context.Background()
	owner := &musicify.User{Username: "owner", Email: "owner@example.com"}
	other := &musicify.User{Username: "ann", Email: "ann@example.com"}
	for _, u := range []*musicify.User{owner, other} {
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
	}
	svc := &playlists.Service{Store: db}
	p, err := svc.Create(ctx, owner, "Road", "  For long drives. ")
	if err != nil {
		t.Fatal(err)
	}
	if p.Description != "For long drives." {
		t.Errorf("created with description %q", p.Description)
	}
	if _, err := svc.Create(ctx, owner, "Bad", "x\x1b[31m"); musicify.ErrorCode(err) != musicify.EINVALID {
		t.Errorf("create with a control character: %v, want invalid", err)
	}
	str := func(s string) *string { return &s }

	got, err := svc.Update(ctx, owner, p.ID, musicify.PlaylistEdit{Description: str(" Windows down. ")})
	if err != nil || got.Name != "Road" || got.Description != "Windows down." {
		t.Errorf("description alone: %+v, %v", got, err)
	}
	got, err = svc.Update(ctx, owner, p.ID, musicify.PlaylistEdit{Name: str("Road trip")})
	if err != nil || got.Name != "Road trip" || got.Description != "Windows down." {
		t.Errorf("name alone: %+v, %v", got, err)
	}
	long := strings.Repeat("a", musicify.PlaylistDescriptionMax+1)
	if _, err := svc.Update(ctx, owner, p.ID, musicify.PlaylistEdit{Name: str("Never"), Description: &long}); musicify.ErrorCode(err) != musicify.EINVALID {
		t.Errorf("too long: %v, want invalid", err)
	}
	if _, err := svc.Update(ctx, owner, p.ID, musicify.PlaylistEdit{}); musicify.ErrorCode(err) != musicify.EINVALID {
		t.Errorf("nothing to change: %v, want invalid", err)
	}
	if _, err := svc.Update(ctx, other, p.ID, musicify.PlaylistEdit{Description: str("Mine now")}); musicify.ErrorCode(err) != musicify.EFORBIDDEN {
		t.Errorf("someone else: %v, want forbidden", err)
	}
	if got, _ := svc.Find(ctx, owner, p.ID); got.Name != "Road trip" || got.Description != "Windows down." {
		t.Errorf("after the refused updates: %q %q", got.Name, got.Description)
	}
}
