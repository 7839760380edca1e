// Package radio is the HTTP face of radio stations: stations on the
// server's clock, their audio, and the live connection that carries clock
// sync and who listens where.
package radio

import (
	"context"
	"github.com/musicify/musicify/internal/delivery"
	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/mediaurl"
	"github.com/musicify/musicify/internal/radio"
	"github.com/musicify/musicify/internal/supervise"
)

// API serves the radio routes.
type API struct {
	P     *platform.Platform
	Radio *radio.Service
	// Presence and Hub carry who listens, live.
	Presence *radio.Presence
	Hub      radio.Hub
	// FollowJam lets the live connection carry a Jam's changes: it answers
	// the Jam's topic on Shared when the user is in it; nil: no Jams.
	FollowJam func(ctx context.Context, userID, jamID string) (topic string, err error)
	// Devices lets the live connection keep one of the user's devices
	// online and carry their changes and commands on Shared; nil: none.
	Devices DeviceLinks
	Shared  radio.Hub
	// Files serves a station's audio; Media signs its links.
	Files *delivery.Store
	Media *mediaurl.Signer
	// MaxUploadMB bounds a station's audio file.
	MaxUploadMB int64
	// Supervisor keeps a panic in a live connection's goroutines from
	// taking the server down.
	Supervisor *supervise.Supervisor
	// The live connection: messages one may send at once and then each
	// second (default 40 and 10), and connections per user (default 8).
	LiveBurst, LivePerSecond, LiveConnections int

	live liveConns
}

// DeviceLinks attach a live connection to one of the user's devices.
type DeviceLinks interface {
	Attach(ctx context.Context, userID, deviceID string) (topic string, detach func(), err error)
	Beat(ctx context.Context, userID, deviceID string) error
}

// Routes registers the area's routes on mux.
func (s *API) Routes(mux *platform.Mux) {
	mux.User("POST /api/radio/create", s.handleCreateStation)
	mux.User("GET /api/radio/all", s.handleStations)
	mux.User("GET /api/radio/{id}", s.handleStation)
	mux.User("DELETE /api/radio/{id}", s.handleDeleteStation)
	mux.Public("GET /api/time", s.handleTime)
	mux.User("GET /api/ws", s.handleWS)
	mux.User("GET /media/radio/{id}/{file}", s.handleStationAudio)
}
