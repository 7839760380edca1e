package nice

import "syscall"

// lowerThread sets the calling thread's niceness: on Linux, PRIO_PROCESS
// with a thread id is that thread alone. Raising one's own niceness needs
// no privilege; a failure leaves the thread as it was.
func lowerThread() {
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), Level)
}
