package httpapi_test

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"

	"github.com/musicify/musicify/internal/httpapi"
	"github.com/musicify/musicify/internal/musicify"
)

func discardLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func record(h http.Handler, req *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	req.RemoteAddr = "127.0.0.1:5555"
	h.ServeHTTP(rec, req)
	return rec
}

// outboxOf serves the outbox from the server's own store.
func outboxOf(s *httpapi.Server) musicify.OutboxStore { return s.Users.(musicify.OutboxStore) }

func outboxMail(to, subject string) *musicify.OutboxMail {
	return &musicify.OutboxMail{To: to, Subject: subject, Text: "Hi,\n\n" + subject}
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }
