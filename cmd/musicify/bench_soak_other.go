//go:build !linux

package main

import "syscall"

// soakChildAttr: elsewhere the server outlives a soak killed hard.
func soakChildAttr() *syscall.SysProcAttr { return nil }
