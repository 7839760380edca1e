package httpapi_test

import (
	"testing"
)

func TestTheSessionCheckAnswers200SignedInOrNot(t *testing.T) {
	e := newEnv(t)

	t.Run("a visitor is no user", func(t *testing.T) {
		r := e.client().get("/api/auth/session")
		if r.Status != 200 || r.Raw != "{\"user\":null}\n" {
			t.Fatalf("%d %s", r.Status, r.Raw)
		}
	})

	t.Run("an expired or forged cookie is no user, and is cleared", func(t *testing.T) {
		c := e.client()
		c.Header.Set("Cookie", "musicify_session=forged-token")
		r := c.get("/api/auth/session")
		if r.Status != 200 || r.Raw != "{\"user\":null}\n" {
			t.Fatalf("%d %s", r.Status, r.Raw)
		}
		cleared := false
		for _, ck := range r.Cookies {
			cleared = cleared || (ck.Name == "musicify_session" && ck.MaxAge < 0)
		}
		if !cleared {
			t.Fatalf("cookies %v", r.Cookies)
		}
	})

	t.Run("a signed-in caller is themselves", func(t *testing.T) {
		c := e.signUp("iris", "iris@example.com", "secret1")
		r := c.get("/api/auth/session")
		user, _ := r.Body["user"].(map[string]any)
		_, hasAdmin := user["admin"].(bool)
		if r.Status != 200 || user["username"] != "iris" || user["email"] != "iris@example.com" || !hasAdmin || user["_id"] == "" {
			t.Fatalf("%d %s", r.Status, r.Raw)
		}
		expect(t, c.post("/api/auth/logout", nil), 200, "")
		if r := c.get("/api/auth/session"); r.Status != 200 || r.Body["user"] != nil {
			t.Fatalf("after sign-out: %d %s", r.Status, r.Raw)
		}
	})
}
