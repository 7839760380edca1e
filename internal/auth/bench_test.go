package auth

import "testing"

// BenchmarkPasswordHash is the CPU cost of one login or sign-up at the
// production argon2id settings; docs/benchmarks.md records it.
func BenchmarkPasswordHash(b *testing.B) {
	for b.Loop() {
		if _, err := DefaultArgon2.Hash("correct horse battery staple"); err != nil {
			b.Fatal(err)
		}
	}
}
