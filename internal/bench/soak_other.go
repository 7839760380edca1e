//go:build !linux

package bench

import "syscall"

// soakChildAttr: elsewhere the server outlives a soak killed hard.
func soakChildAttr() *syscall.SysProcAttr { return nil }
