package httpapi_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"mime/multipart"
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
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for k, v := range fields {
		_ = mw.WriteField(k, v)
	}
	if file != nil {
		fw, _ := mw.CreateFormFile(fileField, "file.bin")
		_, _ = fw.Write(file)
	}
	_ = mw.Close()
	req, _ := http.NewRequest("POST", c.e.URL+path, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res, err := c.http.Do(req)
	if err != nil {
		c.e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	r := reply{Status: res.StatusCode, Raw: string(raw), Header: res.Header}
	_ = json.Unmarshal(raw, &r.Body)
	return r
}
