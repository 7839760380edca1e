package auth

import (
	"strings"
	"testing"
)

func TestArgon2idHashesVerifyAndRefuse(t *testing.T) {
	h, err := DefaultArgon2.Hash("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("hash %q does not carry argon2id and the default cost", h)
	}
	if !Verify(h, "correct horse") {
		t.Error("the right password does not verify")
	}
	if Verify(h, "correct horsE") {
		t.Error("a wrong password verifies")
	}
	again, _ := DefaultArgon2.Hash("correct horse")
	if again == h {
		t.Error("two hashes of one password are equal: the salt is not random")
	}
}

func TestVerifyRefusesMalformedHashes(t *testing.T) {
	for _, h := range []string{
		"", "plain", "$argon2i$v=19$m=8,t=1,p=1$c2FsdA$a2V5",
		"$argon2id$v=19$m=0,t=1,p=1$c2FsdA$a2V5", "$argon2id$v=19$m=8,t=1,p=1$!!$a2V5",
		"$argon2id$v=19$m=99999999,t=1,p=1$c2FsdA$a2V5",
	} {
		if Verify(h, "anything") {
			t.Errorf("Verify(%q) = true", h)
		}
	}
}

func TestUsernameFromEmail(t *testing.T) {
	for email, want := range map[string]string{
		"jane.doe@example.com":            "jane_doe",
		"a@example.com":                   "a_user",
		"ü@example.com":                   "user",
		"x+tag@example.com":               "x_tag",
		strings.Repeat("k", 40) + "@e.co": strings.Repeat("k", 32),
	} {
		if got := UsernameFromEmail(email); got != want {
			t.Errorf("UsernameFromEmail(%q) = %q, want %q", email, got, want)
		}
	}
}
