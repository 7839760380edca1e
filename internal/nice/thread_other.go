//go:build !linux

package nice

// lowerThread does nothing where a thread's priority cannot be set alone.
func lowerThread() {}
