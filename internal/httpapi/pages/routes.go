// Package pages serves what a browser opens: the single-page app (with the
// hints and first answers of the page asked for), share pages that unfurl
// in chat apps, and the dev outbox.
package pages

import (
	"context"
	"io/fs"
	"net/http"
	"sync"

	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/musicify"
)

// The width and height of a shared item's picture (social.ShareCardWidth
// and ShareCardHeight).
const (
	ShareCoverWidth  = 1200
	ShareCoverHeight = 630
)

// API serves the pages.
type API struct {
	P *platform.Platform
	// Web is the built single-page app (index.html and assets/), with the
	// .br and .gz siblings the build precompressed.
	Web fs.FS
	// Router answers the first calls of a page, sent inside index.html.
	Router http.Handler
	// ShareCard is the title, sentence and picture path of a shared item;
	// the picture is a JPEG of ShareCoverWidth × ShareCoverHeight.
	ShareCard func(ctx context.Context, kind, id string) (title, description, image string, ok bool)
	// Outbox, when set, serves the dev outbox at /dev/mail to this machine.
	Outbox musicify.OutboxStore

	webOnce  sync.Once
	webIndex map[string]*webFile
	// routeMap is the build's map of lazily loaded modules to files (hints.go).
	routeOnce sync.Once
	routeMap  map[string]routeFiles
}

// Routes registers the pages on mux; "/" takes every address no other
// route has.
func (s *API) Routes(mux *platform.Mux) {
	if s.Outbox != nil && platform.LoopbackURL(s.P.BaseURL) {
		mux.Public("GET /dev/mail", s.handleDevMail)
		mux.Public("GET /dev/mail.json", s.handleDevMailJSON)
	}
	mux.Public("/dev/", s.handleNoPage)
	mux.Handle("/", s.spa())
}
