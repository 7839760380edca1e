package musicify

import (
	"context"
	"time"
)

// Device is one of a person's players: a browser or an installed app,
// named so they can tell them apart ("Firefox on Ubuntu", "Kitchen"). A
// device is online while it keeps its live connection; it reports what it
// plays, and takes commands from the person's other devices.
type Device struct {
	ID      string
	UserID  string
	Name    string
	Created time.Time
	// Seen is when the device last said it was there; zero once it has
	// left. Online follows from it and the clock.
	Seen  time.Time
	State DeviceState
	// Jukebox marks the device Subsonic's jukeboxControl drives.
	Jukebox bool
}

// DeviceState is what a device plays, as it last reported.
type DeviceState struct {
	Queue   []string `json:"queue"` // song ids
	Index   int      `json:"index"` // -1 when nothing is chosen
	Playing bool     `json:"playing"`
	// Position is where the song was at At (seconds); while it plays, the
	// position now follows from the clock.
	Position float64   `json:"position"`
	At       time.Time `json:"at"`
	Shuffle  bool      `json:"shuffle"`
	Repeat   string    `json:"repeat"` // off, all or one
	Volume   int       `json:"volume"` // 0–100
}

// The bounds of devices.
const (
	DeviceMaxPerUser = 20
	DeviceMaxName    = 40
	DeviceMaxQueue   = 1000
)

// DeviceStore keeps devices. Every method but Device and DeleteDevice is
// scoped to the owner, so no call can read or touch another person's.
type DeviceStore interface {
	// CreateDevice keeps at most DeviceMaxPerUser devices a person: past
	// it, the one seen longest ago is forgotten.
	CreateDevice(ctx context.Context, d *Device) error
	// Device finds a device by id whoever owns it; ENOTFOUND when none.
	Device(ctx context.Context, id string) (*Device, error)
	DevicesOf(ctx context.Context, userID string) ([]*Device, error)
	RenameDevice(ctx context.Context, userID, id, name string) error
	// SetJukebox makes id the owner's jukebox device, and no other.
	SetJukebox(ctx context.Context, userID, id string) error
	SeeDevice(ctx context.Context, userID, id string, seen time.Time) error
	SaveDeviceState(ctx context.Context, userID, id string, state DeviceState, seen time.Time) error
	DeleteDevice(ctx context.Context, userID, id string) error
}
