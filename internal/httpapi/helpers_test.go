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

func jsonDecode(r io.Reader, v any) error { return json.NewDecoder(r).Decode(v) }

// multipart posts fields and one file part.
func (c *client) multipart(path string, fields map[string]string, fileField string, file []byte) reply {
	c.e.t.Helper()
	var parts []part
	for k, v := range fields {
		parts = append(parts, part{name: k, body: []byte(v)})
	}
	if file != nil {
		parts = append(parts, part{name: fileField, file: "file.bin", body: file})
	}
	return c.form(path, parts...)
}
