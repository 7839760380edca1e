package main

import (
	"log/slog"
	"net/netip"
	"syscall"

	"github.com/musicify/musicify/internal/config"
)

// connectionCap is the most connections the server keeps open: the
// configured number, lowered when the open-file limit cannot hold it, since
// running out of descriptors stops the server accepting anyone at all.
func connectionCap(want int64, logger *slog.Logger) int {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		logger.Warn("cannot read the open-file limit; keeping MUSICIFY_MAX_CONNECTIONS as set", "err", err)
		return int(want)
	}
	fit := fitConnections(want, lim.Cur)
	if fit < want {
		logger.Warn("MUSICIFY_MAX_CONNECTIONS does not fit the open-file limit; raise the limit (ulimit -n, LimitNOFILE=) to allow more",
			"max_connections", want, "open_file_limit", lim.Cur, "serving_at_most", fit)
	}
	return int(fit)
}

// fitConnections leaves room in nofile descriptors for the database, the
// refusals and other files, and gives each connection two: its socket and
// the media file it may be streaming.
func fitConnections(want int64, nofile uint64) int64 {
	if nofile > 1<<40 {
		return want // unlimited
	}
	reserve := min(int64(nofile)/4, 256)
	return max(min(want, (int64(nofile)-reserve)/2), 1)
}

// proxyPeer says which peers are proxies whose connections carry everyone
// (the per-address bound does not apply to them): those listed in
// MUSICIFY_TRUST_PROXY, or any peer when it is just true, since the one
// proxy in front then holds every connection.
func proxyPeer(cfg *config.Config) func(netip.Addr) bool {
	return func(ip netip.Addr) bool {
		if !cfg.TrustProxy {
			return false
		}
		if len(cfg.TrustedProxies) == 0 {
			return true
		}
		for _, p := range cfg.TrustedProxies {
			if p.Contains(ip) {
				return true
			}
		}
		return false
	}
}
