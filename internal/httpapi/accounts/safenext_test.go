package accounts

import "testing"

func TestSafeNextKeepsOnlyPathsOfThisSite(t *testing.T) {
	for _, ok := range []string{"/", "/home", "/share?id=s1&type=song", "/player/abc#top", "/followuser?username=a%20b", "/~me", "/@x"} {
		if got := safeNext(ok); got != ok {
			t.Errorf("safeNext(%q) = %q, want it kept", ok, got)
		}
	}
	for _, bad := range []string{
		"", "home", "//evil.example", "///evil.example", "/\\evil.example", "\\\\evil.example", "/\\/evil.example",
		"/\t/evil.example", "/%09/evil.example", "/%2F/evil.example", "/%5Cevil.example", "/%0a/evil", "/\n/evil.example", "/\r/evil.example",
		"/\x00/evil.example", "/ /evil.example", "/\x7f/evil.example", "/\u0085/evil.example", "/home\\..\\..\\evil",
		"javascript:alert(1)", "/javascript:alert(1)\n", "data:text/html,x", "https://evil.example", "http:/evil.example",
		"//evil.example/%2F..", "/.\t/evil", "/?next=x\n",
	} {
		if got := safeNext(bad); got != "" {
			t.Errorf("safeNext(%q) = %q, want it refused", bad, got)
		}
	}
}
