package main

import "runtime"

// gcFloor is heap the garbage collector counts but no one touches. Go
// collects each time the heap doubles: a server whose live heap is a few
// megabytes, while a library import allocates hundreds a second, collected
// every few tens of milliseconds, and each collection's pauses and assists
// land on the searches beside it. With the floor a collection comes about
// every 128 MB allocated instead. The slice is never written, so the
// kernel never backs its pages: it costs address space, not memory, and on
// a large heap it changes next to nothing. (GOGC and GOMEMLIMIT still
// apply on top, for whoever sets them.)
var gcFloor []byte

const gcFloorBytes = 64 << 20

// raiseGCFloor sets the floor, for the commands that serve requests.
func raiseGCFloor() {
	gcFloor = make([]byte, gcFloorBytes)
	runtime.KeepAlive(gcFloor)
}
