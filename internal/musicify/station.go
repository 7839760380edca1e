package musicify

import (
	"context"
	"time"
)

// Station is a scheduled radio station: from its start, it plays its audio
// on a loop, and every listener hears the same second.
type Station struct {
	ID       string
	Name     string
	UserID   string
	Owner    string // the creator's username
	Start    time.Time
	AudioKey string
	Format   string
	Duration float64 // seconds
	Created  time.Time
}

// StationNameMax bounds station names.
const StationNameMax = 100

// StationStore persists stations. Lookups that find nothing return ENOTFOUND.
type StationStore interface {
	CreateStation(ctx context.Context, s *Station) error
	Station(ctx context.Context, id string) (*Station, error)
	Stations(ctx context.Context) ([]*Station, error)
	DeleteStation(ctx context.Context, id string) error
}

// StationUpload is a new station whose audio was spooled to a temp file.
type StationUpload struct {
	User      *User
	Name      string
	Start     string // ISO 8601 with an offset, as the form sends it
	AudioPath string
	Size      int64
}
