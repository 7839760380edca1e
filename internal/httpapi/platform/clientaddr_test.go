package platform

import (
	"net/http"
	"net/netip"
	"testing"
)

func TestTheClientIsTheRightmostAddressNoTrustedProxyHolds(t *testing.T) {
	cgnat := netip.MustParsePrefix("10.0.0.0/8")
	for _, tc := range []struct {
		name    string
		trust   bool
		proxies []netip.Prefix
		peer    string
		lines   []string
		want    string
	}{
		{"no proxy trusted: the peer, whatever the header", false, nil, "203.0.113.9:4000", []string{"1.2.3.4"}, "203.0.113.9"},
		{"one proxy: the address it saw", true, nil, "127.0.0.1:4000", []string{"1.2.3.4"}, "1.2.3.4"},
		{"one proxy appending to the client's forged list", true, nil, "127.0.0.1:4000", []string{"6.6.6.6, 1.2.3.4"}, "1.2.3.4"},
		{"one proxy adding a line after the client's forged one", true, nil, "127.0.0.1:4000", []string{"6.6.6.6", "1.2.3.4"}, "1.2.3.4"},
		{"no header: the peer", true, nil, "127.0.0.1:4000", nil, "127.0.0.1"},
		{"a chain of trusted proxies is walked past", true, []netip.Prefix{cgnat}, "10.0.0.2:4000",
			[]string{"6.6.6.6, 1.2.3.4", "10.0.0.7"}, "1.2.3.4"},
		{"a peer that is not a trusted proxy is the client", true, []netip.Prefix{cgnat}, "203.0.113.9:4000", []string{"1.2.3.4"}, "203.0.113.9"},
		{"garbage before the trusted hops: the peer", true, []netip.Prefix{cgnat}, "10.0.0.2:4000", []string{"not-an-ip, 10.0.0.7"}, "10.0.0.2"},
		{"IPv6 clients by their /64", true, nil, "[::1]:4000", []string{"2001:db8:1:2:3:4:5:6"}, "2001:db8:1:2::/64"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := &Platform{TrustProxy: tc.trust, TrustedProxies: tc.proxies}
			r := &http.Request{RemoteAddr: tc.peer, Header: http.Header{}}
			for _, l := range tc.lines {
				r.Header.Add("X-Forwarded-For", l)
			}
			if got := p.ClientOf(r).IP; got != tc.want {
				t.Errorf("client %q, want %q", got, tc.want)
			}
		})
	}
}
