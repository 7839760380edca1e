package bench

import "syscall"

// soakChildAttr has the kernel stop the server the soak started when the
// soak dies, however it dies (a closed pipe, kill -9).
func soakChildAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
}
