package subsonictest

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"path"
	"strings"
)

// Reporter is the part of testing.TB the transport reports through.
type Reporter interface {
	Helper()
	Errorf(format string, args ...any)
}

// Transport wraps next (http.DefaultTransport if nil) for a Subsonic client
// under test, e.g. go-subsonic's Client.Client = &http.Client{Transport:
// subsonictest.Transport(t, nil)}, so every answer the client gets is also
// checked against the spec:
//   - a JSON answer is checked as it passes;
//   - for a read-only call answered in XML (clients like go-subsonic ask
//     for f=xml), the same GET is sent again with f=json and that answer
//     is checked: the XML client then vouches for the XML, the schema for
//     the JSON. Calls that change state are never repeated.
//
// Problems go to t.Errorf; the client sees the original answer unchanged.
func Transport(t Reporter, next http.RoundTripper) http.RoundTripper {
	if next == nil {
		next = http.DefaultTransport
	}
	return &checkingTransport{t: t, next: next}
}

type checkingTransport struct {
	t    Reporter
	next http.RoundTripper
}

func (c *checkingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := c.next.RoundTrip(req)
	if err != nil {
		return resp, err
	}
	endpoint := strings.TrimSuffix(path.Base(req.URL.Path), ".view")
	if isJSON(resp) {
		body, err := readAndRestore(resp)
		if err != nil {
			return nil, err
		}
		c.report(req, CheckResponse(endpoint, body))
		return resp, nil
	}
	if req.Method == http.MethodGet && readOnly(endpoint) && req.URL.Query().Get("f") != "json" {
		c.report(req, c.checkJSONTwin(req, endpoint))
	}
	return resp, nil
}

func (c *checkingTransport) report(req *http.Request, err error) {
	if err != nil {
		c.t.Helper()
		c.t.Errorf("%s %s: %v", req.Method, req.URL.Path, err)
	}
}

// checkJSONTwin asks the same question with f=json and checks the answer.
func (c *checkingTransport) checkJSONTwin(req *http.Request, endpoint string) error {
	twin := req.Clone(req.Context())
	q := twin.URL.Query()
	q.Set("f", "json")
	twin.URL.RawQuery = q.Encode()
	twin.Body, twin.ContentLength = nil, 0
	resp, err := c.next.RoundTrip(twin)
	if err != nil {
		return fmt.Errorf("f=json twin of the call: %w", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return fmt.Errorf("f=json twin of the call: %w", err)
	}
	if !isJSON(resp) {
		return fmt.Errorf("f=json answered with Content-Type %q", resp.Header.Get("Content-Type"))
	}
	return CheckResponse(endpoint, body)
}

// readOnly: the endpoints that may be asked twice without changing state.
func readOnly(endpoint string) bool {
	_, known := endpoints[endpoint]
	binary := endpoint == "stream" || endpoint == "download" || endpoint == "getCoverArt" || endpoint == "getAvatar"
	return known && !binary && (endpoint == "ping" || strings.HasPrefix(endpoint, "get") || strings.HasPrefix(endpoint, "search"))
}

func isJSON(resp *http.Response) bool {
	return strings.Contains(resp.Header.Get("Content-Type"), "json")
}

func readAndRestore(resp *http.Response) ([]byte, error) {
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, fmt.Errorf("subsonictest: reading answer: %w", err)
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	return body, nil
}
