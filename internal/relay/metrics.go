package relay

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// Refusal reasons, as the metrics and the logs name them.
const (
	ReasonBadRoom   = "bad_room"    // 400 before the upgrade
	ReasonHandshake = "handshake"   // the upgrade failed (foreign Origin, not a WebSocket request)
	ReasonRoomFull  = "room_full"   // 4001
	ReasonAddress   = "per_address" // 4002
	ReasonServer    = "server_full" // 4003
	ReasonIdle      = "idle"        // 4004
	ReasonTooBig    = "too_big"     // 4005
	ReasonRate      = "rate"        // 4006
	ReasonRoomTime  = "room_time"   // 4007
	ReasonShutdown  = "shutdown"    // 1001
	ReasonStuck     = "stuck"       // a partner that did not take a message within the write timeout
)

var reasons = []string{ReasonBadRoom, ReasonHandshake, ReasonRoomFull, ReasonAddress, ReasonServer,
	ReasonIdle, ReasonTooBig, ReasonRate, ReasonRoomTime, ReasonShutdown, ReasonStuck}

// Metrics are the relay's counters. They are written in Prometheus's text
// format by WriteMetrics: a dozen lines do not need a client library.
type Metrics struct {
	Rooms        atomic.Int64 // rooms open now
	Sockets      atomic.Int64 // sockets in rooms now
	Pairs        atomic.Int64 // rooms with two sockets now
	Accepted     atomic.Int64 // sockets that joined a room, in all
	Received     atomic.Int64 // messages read from clients
	Relayed      atomic.Int64 // binary messages passed to a partner
	Dropped      atomic.Int64 // binary messages that came while alone, and text messages
	BytesIn      atomic.Int64 // payload bytes read
	BytesRelayed atomic.Int64 // payload bytes passed on
	refusals     [16]atomic.Int64
	forward      [len(forwardBuckets) + 1]atomic.Int64 // counts by bucket, the last for longer
	forwardSum   atomic.Int64                          // nanoseconds
}

// forwardBuckets are the upper bounds, in seconds, of the histogram of the
// time the relay takes to pass a message on: from the end of reading it to
// the end of writing it to the partner's socket.
var forwardBuckets = [...]float64{25e-6, 50e-6, 100e-6, 250e-6, 500e-6, 1e-3, 2.5e-3, 5e-3, 10e-3, 25e-3, 50e-3, 100e-3, 250e-3, 1, 10}

func (m *Metrics) observeForward(d time.Duration) {
	sec := d.Seconds()
	i := 0
	for i < len(forwardBuckets) && sec > forwardBuckets[i] {
		i++
	}
	m.forward[i].Add(1)
	m.forwardSum.Add(int64(d))
}

func (m *Metrics) refuse(reason string) {
	for i, r := range reasons {
		if r == reason {
			m.refusals[i].Add(1)
			return
		}
	}
}

// Refusals says how many sockets or requests were refused or closed by the
// relay for a reason (one of the Reason constants).
func (m *Metrics) Refusals(reason string) int64 {
	for i, r := range reasons {
		if r == reason {
			return m.refusals[i].Load()
		}
	}
	return 0
}

// WriteMetrics writes the counters, and the process's memory, goroutines
// and open files, in Prometheus's text exposition format (version 0.0.4).
func (m *Metrics) WriteMetrics(w io.Writer) error {
	var b strings.Builder
	metric := func(name, typ, help string, v int64) {
		fmt.Fprintf(&b, "# HELP %s %s\n# TYPE %s %s\n%s %d\n", name, help, name, typ, name, v)
	}
	metric("gobblet_relay_rooms", "gauge", "Rooms open now.", m.Rooms.Load())
	metric("gobblet_relay_rooms_paired", "gauge", "Rooms with two sockets now.", m.Pairs.Load())
	metric("gobblet_relay_sockets", "gauge", "Sockets in rooms now.", m.Sockets.Load())
	metric("gobblet_relay_sockets_accepted_total", "counter", "Sockets that joined a room.", m.Accepted.Load())
	metric("gobblet_relay_messages_received_total", "counter", "Messages read from clients.", m.Received.Load())
	metric("gobblet_relay_messages_relayed_total", "counter", "Binary messages passed to a partner.", m.Relayed.Load())
	metric("gobblet_relay_messages_dropped_total", "counter", "Messages not passed on: binary while alone, or text.", m.Dropped.Load())
	metric("gobblet_relay_bytes_received_total", "counter", "Payload bytes read from clients.", m.BytesIn.Load())
	metric("gobblet_relay_bytes_relayed_total", "counter", "Payload bytes passed to a partner.", m.BytesRelayed.Load())
	b.WriteString("# HELP gobblet_relay_refusals_total Requests refused and sockets closed by the relay, by reason.\n# TYPE gobblet_relay_refusals_total counter\n")
	for i, r := range reasons {
		fmt.Fprintf(&b, "gobblet_relay_refusals_total{reason=%q} %d\n", r, m.refusals[i].Load())
	}
	b.WriteString("# HELP gobblet_relay_forward_seconds Time to pass a message on, from the end of reading it to the end of writing it to the partner.\n# TYPE gobblet_relay_forward_seconds histogram\n")
	var cum int64
	for i, le := range forwardBuckets {
		cum += m.forward[i].Load()
		fmt.Fprintf(&b, "gobblet_relay_forward_seconds_bucket{le=\"%g\"} %d\n", le, cum)
	}
	cum += m.forward[len(forwardBuckets)].Load()
	fmt.Fprintf(&b, "gobblet_relay_forward_seconds_bucket{le=\"+Inf\"} %d\n", cum)
	fmt.Fprintf(&b, "gobblet_relay_forward_seconds_sum %g\ngobblet_relay_forward_seconds_count %d\n", float64(m.forwardSum.Load())/1e9, cum)
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	metric("go_goroutines", "gauge", "Goroutines now.", int64(runtime.NumGoroutine()))
	metric("go_memstats_heap_inuse_bytes", "gauge", "Bytes in in-use heap spans.", int64(ms.HeapInuse))
	metric("go_memstats_heap_alloc_bytes", "gauge", "Bytes of allocated heap objects.", int64(ms.HeapAlloc))
	metric("go_memstats_stack_inuse_bytes", "gauge", "Bytes in goroutine stacks.", int64(ms.StackInuse))
	metric("go_memstats_sys_bytes", "gauge", "Bytes obtained from the system.", int64(ms.Sys))
	if rss, ok := residentBytes(); ok {
		metric("process_resident_memory_bytes", "gauge", "Resident memory size in bytes.", rss)
	}
	if cpu, ok := cpuSeconds(); ok {
		fmt.Fprintf(&b, "# HELP process_cpu_seconds_total User and system CPU time in seconds.\n# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total %.3f\n", cpu)
	}
	if n, ok := openFiles(); ok {
		metric("process_open_fds", "gauge", "Open file descriptors.", n)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// residentBytes reads the resident set size from /proc (Linux only).
func residentBytes() (int64, bool) {
	data, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(data))
	if len(f) < 2 {
		return 0, false
	}
	pages, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		return 0, false
	}
	return pages * int64(os.Getpagesize()), true
}

func openFiles() (int64, bool) {
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return 0, false
	}
	return int64(len(ents)), true
}
