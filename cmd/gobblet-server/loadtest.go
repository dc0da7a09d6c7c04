//go:build !js

package main

import (
	"bufio"
	"cmp"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/gobblet-game/gobblet/internal/relay"
)

// The load generator: gobblet-server loadtest opens rooms on a running
// server (two sockets each), holds them, measures the latency the relay
// adds with one room playing while the others wait, then has every room
// play moves back and forth (each socket at most -rate moves a second,
// below the server's limit) and measures moves relayed per second and
// their latency. The sockets are spread over -procs worker processes
// (a process may hold only so many open files) and, on loopback, over
// many source addresses 127.x.y.z so the server's per-address limits hold
// as they are.

type loadOptions struct {
	url, metrics   string
	rooms, procs   int
	rates          []float64
	duration, ramp time.Duration
	size           int
	spread         bool
	worker         int // >0: this is worker number worker (1-based), of procs
	quiet          int
}

func parseLoadFlags(args []string) (*loadOptions, error) {
	o := &loadOptions{}
	fs := flag.NewFlagSet("gobblet-server loadtest", flag.ContinueOnError)
	fs.StringVar(&o.url, "url", "ws://127.0.0.1:8080", "the server's `address` (ws:// or wss://)")
	fs.StringVar(&o.metrics, "metrics", "", "`URL` of the server's metrics (default: -url's /metrics over http)")
	fs.IntVar(&o.rooms, "rooms", 1000, "rooms to open (two sockets each)")
	fs.IntVar(&o.procs, "procs", 0, "worker processes holding the sockets (0: one per 8,000 sockets)")
	rates := fs.String("rates", "0.2,10", "comma-separated `list` of phases: in each, every room plays with each socket sending at most this many moves a second (a player moves every few seconds; the server allows 20)")
	fs.DurationVar(&o.duration, "duration", 20*time.Second, "how long every room plays")
	fs.DurationVar(&o.ramp, "ramp-timeout", 5*time.Minute, "longest time to open the rooms")
	fs.IntVar(&o.size, "size", 64, "bytes in a move (the encrypted messages of a game are about this size)")
	fs.IntVar(&o.quiet, "quiet", 500, "moves of one room, played while the others wait, for the relay's own latency")
	fs.BoolVar(&o.spread, "spread", true, "on loopback, dial from many source addresses 127.x.y.z (8 rooms each), so the per-address limits need no change")
	fs.IntVar(&o.worker, "worker", 0, "(internal) run as this worker")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	for _, r := range strings.Split(*rates, ",") {
		v, err := strconv.ParseFloat(strings.TrimSpace(r), 64)
		if err != nil || v <= 0 {
			return nil, fmt.Errorf("loadtest: -rates is a list of positive numbers such as 0.2,10, not %q", *rates)
		}
		o.rates = append(o.rates, v)
	}
	if o.rooms < 1 || o.size < 8 || o.duration <= 0 {
		return nil, errors.New("loadtest: -rooms must be positive, -size at least 8 bytes, -duration positive")
	}
	if o.procs <= 0 {
		o.procs = (2*o.rooms + 7999) / 8000
	}
	if o.metrics == "" {
		u, err := url.Parse(o.url)
		if err != nil {
			return nil, fmt.Errorf("loadtest: -url: %w", err)
		}
		u.Scheme = strings.Replace(strings.Replace(u.Scheme, "wss", "https", 1), "ws", "http", 1)
		u.Path = "/metrics"
		o.metrics = u.String()
	}
	return o, nil
}

func loadtest(args []string) error {
	o, err := parseLoadFlags(args)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	if o.worker > 0 {
		return runWorker(o)
	}
	return runLoad(o, args)
}

// histogram counts latencies in 10 µs steps up to 100 ms, then in 1 ms
// steps up to 10 s, then one bucket for longer.
type histogram struct {
	Fine   []int64 `json:"fine"`   // [i] counts i*10µs ≤ d < (i+1)*10µs
	Coarse []int64 `json:"coarse"` // [i] counts i ms ≤ d < (i+1) ms, from 100 ms
	Over   int64   `json:"over"`
	N      int64   `json:"n"`
}

func newHistogram() *histogram {
	return &histogram{Fine: make([]int64, 10000), Coarse: make([]int64, 10000)}
}

func (h *histogram) add(d time.Duration) {
	h.N++
	switch {
	case d < 0:
		h.Fine[0]++
	case d < 100*time.Millisecond:
		h.Fine[d/(10*time.Microsecond)]++
	case d < 10*time.Second:
		h.Coarse[d/time.Millisecond]++
	default:
		h.Over++
	}
}

// addAtomic is add for a histogram shared by goroutines.
func (h *histogram) addAtomic(d time.Duration) {
	atomic.AddInt64(&h.N, 1)
	switch {
	case d < 0:
		atomic.AddInt64(&h.Fine[0], 1)
	case d < 100*time.Millisecond:
		atomic.AddInt64(&h.Fine[d/(10*time.Microsecond)], 1)
	case d < 10*time.Second:
		atomic.AddInt64(&h.Coarse[d/time.Millisecond], 1)
	default:
		atomic.AddInt64(&h.Over, 1)
	}
}

func (h *histogram) merge(o *histogram) {
	for i := range h.Fine {
		h.Fine[i] += o.Fine[i]
	}
	for i := range h.Coarse {
		h.Coarse[i] += o.Coarse[i]
	}
	h.Over += o.Over
	h.N += o.N
}

// quantile is the upper edge of the bucket holding quantile q.
func (h *histogram) quantile(q float64) time.Duration {
	if h.N == 0 {
		return 0
	}
	rank := int64(q * float64(h.N))
	if rank >= h.N {
		rank = h.N - 1
	}
	var seen int64
	for i, c := range h.Fine {
		if seen += c; seen > rank {
			return time.Duration(i+1) * 10 * time.Microsecond
		}
	}
	for i, c := range h.Coarse {
		if seen += c; seen > rank {
			return time.Duration(i+1) * time.Millisecond
		}
	}
	return 10 * time.Second
}

// workerReport is what a worker prints as JSON when its rooms have played.
type workerReport struct {
	Rooms  int        `json:"rooms"`
	Moves  int64      `json:"moves"`
	Errors int64      `json:"errors"`
	Closes []string   `json:"closes"`
	Hist   *histogram `json:"hist"`
}

// A move carries the time it was sent, in nanoseconds since the worker's
// start, so the partner (in the same process) reads the time it took.
var epoch = time.Now()

type lclient struct {
	c       *websocket.Conn
	partner *lclient
}

// dialer dials relay sockets, from source address src when it is valid.
func dialer(src netip.Addr) *websocket.DialOptions {
	d := &net.Dialer{Timeout: 30 * time.Second}
	if src.IsValid() {
		d.LocalAddr = &net.TCPAddr{IP: src.AsSlice()}
	}
	return &websocket.DialOptions{HTTPClient: &http.Client{Transport: &http.Transport{
		DialContext:       d.DialContext,
		DisableKeepAlives: true,
		ForceAttemptHTTP2: false,
	}}}
}

// source is the source address of room i on loopback: 127.1.0.0 + i/8.
func source(i int) netip.Addr {
	n := 1<<16 + i/8
	return netip.AddrFrom4([4]byte{127, byte(n >> 16), byte(n >> 8), byte(n)})
}

func loopback(rawURL string) bool {
	u, err := url.Parse(rawURL)
	if err != nil {
		return false
	}
	h := u.Hostname()
	if h == "localhost" {
		return true
	}
	a, err := netip.ParseAddr(h)
	return err == nil && a.Is4() && a.IsLoopback()
}

// openRoom opens the two sockets of room i and waits for both "paired".
func openRoom(ctx context.Context, o *loadOptions, i int, spread bool) (*lclient, *lclient, error) {
	name := fmt.Sprintf("load-%d-%07d", o.worker, i)
	var src netip.Addr
	if spread {
		src = source(i)
	}
	opts := dialer(src)
	dial := func() (*lclient, error) {
		c, _, err := websocket.Dial(ctx, strings.TrimSuffix(o.url, "/")+relay.Prefix+name, opts)
		if err != nil {
			return nil, err
		}
		c.SetReadLimit(int64(o.size) + 1024)
		return &lclient{c: c}, nil
	}
	a, err := dial()
	if err != nil {
		return nil, nil, err
	}
	b, err := dial()
	if err != nil {
		a.c.CloseNow()
		return nil, nil, err
	}
	for _, x := range []*lclient{a, b} {
		typ, msg, err := x.c.Read(ctx)
		if err != nil || typ != websocket.MessageText || string(msg) != relay.Paired {
			a.c.CloseNow()
			b.c.CloseNow()
			return nil, nil, fmt.Errorf("room %d: not paired: %v %q %v", i, typ, msg, err)
		}
	}
	a.partner, b.partner = b, a
	return a, b, nil
}

// pingPong has a and b send size-byte moves back and forth, each at most
// rate a second, until stop; every received move's latency goes to h. A
// side that sees stop sends one last move, so that its partner, waiting
// for it, sees stop too.
func pingPong(a, b *lclient, size int, rate float64, stop <-chan struct{}, h *histogram, moves *atomic.Int64) error {
	gap := time.Duration(float64(time.Second) / rate)
	errc := make(chan error, 2)
	play := func(me *lclient, first bool) {
		buf := make([]byte, size)
		last := time.Time{}
		write := func() error {
			last = time.Now()
			binary.LittleEndian.PutUint64(buf, uint64(time.Since(epoch)))
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			return me.c.Write(ctx, websocket.MessageBinary, buf)
		}
		// send paces the moves; false: stop came (the last move is sent).
		send := func() (bool, error) {
			if wait := time.Until(last.Add(gap)); wait > 0 {
				t := time.NewTimer(wait)
				select {
				case <-t.C:
				case <-stop:
					t.Stop()
					return false, write()
				}
			}
			return true, write()
		}
		if first {
			// Rooms start at random moments within one gap, as players
			// do, not all at once.
			last = time.Now().Add(time.Duration(rand.Int64N(int64(gap))) - gap)
			if _, err := send(); err != nil {
				errc <- err
				return
			}
		}
		for {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			typ, msg, err := me.c.Read(ctx)
			cancel()
			if err != nil {
				errc <- err
				return
			}
			if typ != websocket.MessageBinary || len(msg) < 8 {
				continue // a keep-alive
			}
			h.addAtomic(time.Since(epoch) - time.Duration(binary.LittleEndian.Uint64(msg)))
			moves.Add(1)
			select {
			case <-stop:
				errc <- write()
				return
			default:
			}
			more, err := send()
			if err != nil || !more {
				errc <- err
				return
			}
		}
	}
	go play(a, true)
	go play(b, false)
	err1, err2 := <-errc, <-errc
	return errors.Join(err1, err2)
}

// runWorker opens its share of the rooms, says "ready N", and for each line
// "go RATE" on its standard input has every room play for the duration and
// prints its report as JSON; it holds its sockets until its standard input
// closes.
func runWorker(o *loadOptions) error {
	soft, _ := raiseFileLimit()
	first, last := share(o.rooms, o.procs, o.worker)
	n := last - first
	if need := uint64(2*n + 64); soft != 0 && soft < need {
		return fmt.Errorf("worker %d needs %d open files for %d sockets; the limit is %d", o.worker, need, 2*n, soft)
	}
	spread := o.spread && loopback(o.url)
	ctx, cancel := context.WithTimeout(context.Background(), o.ramp)
	defer cancel()
	pairs := make([]roomPair, n)
	var wg sync.WaitGroup
	var firstErr atomic.Pointer[error]
	sem := make(chan struct{}, 64) // dials at once
	for i := range n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			a, b, err := openRoom(ctx, o, first+i, spread)
			if err != nil {
				firstErr.CompareAndSwap(nil, &err)
				return
			}
			pairs[i] = roomPair{a, b}
		}()
	}
	wg.Wait()
	held := 0
	for _, p := range pairs {
		if p.a != nil {
			held++
		}
	}
	if e := firstErr.Load(); e != nil {
		fmt.Fprintf(os.Stderr, "worker %d: %d of %d rooms opened; first error: %v\n", o.worker, held, n, *e)
	}
	// Keep-alives while waiting, as a real client does (they reach the
	// partner, which reads them when the rooms play).
	kstop, kdone := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(kdone)
		t := time.NewTicker(20 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-kstop:
				return
			case <-t.C:
				for _, p := range pairs {
					if p.a != nil {
						wctx, c := context.WithTimeout(context.Background(), 10*time.Second)
						p.a.c.Write(wctx, websocket.MessageBinary, nil)
						p.b.c.Write(wctx, websocket.MessageBinary, nil)
						c()
					}
				}
			}
		}
	}()
	fmt.Printf("ready %d\n", held)
	in := bufio.NewScanner(os.Stdin)
	waiting := true
	for in.Scan() {
		var rate float64
		if _, err := fmt.Sscanf(in.Text(), "go %g", &rate); err != nil || rate <= 0 {
			break
		}
		if waiting {
			close(kstop)
			<-kdone
			waiting = false
		}
		if err := json.NewEncoder(os.Stdout).Encode(playAll(o, pairs, held, rate)); err != nil {
			return err
		}
	}
	if waiting {
		close(kstop)
		<-kdone
	}
	for _, p := range pairs {
		if p.a != nil {
			p.a.c.CloseNow()
			p.b.c.CloseNow()
		}
	}
	return nil
}

type roomPair struct{ a, b *lclient }

// playAll has every room play for the duration at rate.
func playAll(o *loadOptions, pairs []roomPair, held int, rate float64) workerReport {
	stop := make(chan struct{})
	h := newHistogram()
	var moves, errs atomic.Int64
	var closes sync.Map
	var wg sync.WaitGroup
	time.AfterFunc(o.duration, func() { close(stop) })
	for i, p := range pairs {
		if p.a == nil {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := pingPong(p.a, p.b, o.size, rate, stop, h, &moves); err != nil {
				errs.Add(1)
				if code := websocket.CloseStatus(err); code != -1 {
					closes.Store(strconv.Itoa(int(code)), true)
				} else {
					closes.Store(err.Error(), true)
				}
				p.a.c.CloseNow()
				p.b.c.CloseNow()
				pairs[i] = roomPair{}
			}
		}()
	}
	wg.Wait()
	rep := workerReport{Rooms: held, Moves: moves.Load(), Errors: errs.Load(), Hist: h}
	closes.Range(func(k, _ any) bool {
		if len(rep.Closes) < 5 {
			rep.Closes = append(rep.Closes, k.(string))
		}
		return true
	})
	return rep
}

// share is the range of rooms worker w (1-based) of procs opens.
func share(rooms, procs, w int) (int, int) {
	return rooms * (w - 1) / procs, rooms * w / procs
}

// serverMetrics reads the server's metrics as name → value (labels kept
// in the name).
func serverMetrics(u string) (map[string]float64, error) {
	resp, err := http.Get(u)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		return nil, fmt.Errorf("%s: %s", u, resp.Status)
	}
	m := map[string]float64{}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		if i < 0 {
			continue
		}
		if v, err := strconv.ParseFloat(line[i+1:], 64); err == nil {
			m[line[:i]] = v
		}
	}
	return m, sc.Err()
}

type workerProc struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	out   *bufio.Reader
}

func runLoad(o *loadOptions, args []string) error {
	soft, hard := raiseFileLimit()
	fmt.Printf("loadtest: %d rooms (%d sockets) on %s, %d worker processes; this machine's open-file limit per process: %d (hard %d), %d CPUs\n",
		o.rooms, 2*o.rooms, o.url, o.procs, soft, hard, runtime.NumCPU())
	before, err := serverMetrics(o.metrics)
	for wait := time.Now().Add(10 * time.Second); err != nil && time.Now().Before(wait); {
		time.Sleep(100 * time.Millisecond) // the server may be starting
		before, err = serverMetrics(o.metrics)
	}
	if err != nil {
		return fmt.Errorf("loadtest: cannot read the server's metrics (%w); is it running, with /metrics at %s?", err, o.metrics)
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	var procs []*workerProc
	defer func() {
		for _, p := range procs {
			p.stdin.Close()
			p.cmd.Wait()
		}
	}()
	start := time.Now()
	for w := 1; w <= o.procs; w++ {
		cmd := exec.Command(exe, append([]string{"loadtest"}, append(slices.Clone(args), "-worker", strconv.Itoa(w), "-procs", strconv.Itoa(o.procs))...)...)
		cmd.Stderr = os.Stderr
		stdin, err := cmd.StdinPipe()
		if err != nil {
			return err
		}
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			return err
		}
		if err := cmd.Start(); err != nil {
			return err
		}
		procs = append(procs, &workerProc{cmd: cmd, stdin: stdin, out: bufio.NewReaderSize(stdout, 1<<20)})
	}
	held := 0
	for w, p := range procs {
		line, err := p.out.ReadString('\n')
		var n int
		if _, err2 := fmt.Sscanf(line, "ready %d", &n); err != nil || err2 != nil {
			return fmt.Errorf("loadtest: worker %d did not get ready: %q %v", w+1, line, err)
		}
		held += n
	}
	ramp := time.Since(start)
	time.Sleep(2 * time.Second) // let the server settle before reading its memory
	runtime.GC()
	after, err := serverMetrics(o.metrics)
	if err != nil {
		return err
	}
	mb := func(v float64) float64 { return v / (1 << 20) }
	rooms := after["gobblet_relay_rooms"]
	fmt.Printf("rooms held: %d of %d (server: %.0f rooms, %.0f paired, %.0f sockets, %.0f goroutines, %.0f open files), opened in %.1fs\n",
		held, o.rooms, rooms, after["gobblet_relay_rooms_paired"], after["gobblet_relay_sockets"], after["go_goroutines"], after["process_open_fds"], ramp.Seconds())
	if rooms > 0 {
		dh := after["go_memstats_heap_inuse_bytes"] + after["go_memstats_stack_inuse_bytes"] - before["go_memstats_heap_inuse_bytes"] - before["go_memstats_stack_inuse_bytes"]
		dr := after["process_resident_memory_bytes"] - before["process_resident_memory_bytes"]
		fmt.Printf("server memory: heap+stacks %.0f MiB, resident %.0f MiB; per room: %.1f KiB heap+stacks, %.1f KiB resident\n",
			mb(after["go_memstats_heap_inuse_bytes"]+after["go_memstats_stack_inuse_bytes"]), mb(after["process_resident_memory_bytes"]),
			dh/rooms/1024, dr/rooms/1024)
	}
	// The relay's own latency: one room plays while the others wait.
	if o.quiet > 0 {
		q0, _ := serverMetrics(o.metrics)
		h, err := quietLatency(o)
		q1, _ := serverMetrics(o.metrics)
		if err != nil {
			fmt.Printf("quiet latency: %v\n", err)
		} else {
			fmt.Printf("one room playing beside %d waiting (%d moves): latency from one client's write to the other's read: median %s, p99 %s; the relay's own time: median %s, p99 %s\n",
				held, h.N, fmtDur(h.quantile(0.5)), fmtDur(h.quantile(0.99)), relayQuantile(q0, q1, 0.5), relayQuantile(q0, q1, 0.99))
		}
	}
	for _, rate := range o.rates {
		if err := phase(o, procs, rate); err != nil {
			return err
		}
	}
	m1, err := serverMetrics(o.metrics)
	if err != nil {
		return err
	}
	var refusals []string
	for k, v := range m1 {
		if strings.HasPrefix(k, "gobblet_relay_refusals_total") && v-before[k] > 0 {
			refusals = append(refusals, fmt.Sprintf("%s %.0f", strings.TrimPrefix(k, "gobblet_relay_refusals_total"), v-before[k]))
		}
	}
	slices.Sort(refusals)
	if len(refusals) > 0 {
		fmt.Printf("server refusals during the test: %s\n", strings.Join(refusals, ", "))
	}
	return nil
}

// phase has every room play at rate and prints the figures.
func phase(o *loadOptions, procs []*workerProc, rate float64) error {
	m0, err := serverMetrics(o.metrics)
	if err != nil {
		return err
	}
	t0 := time.Now()
	for _, p := range procs {
		fmt.Fprintf(p.stdin, "go %g\n", rate)
	}
	total := newHistogram()
	var moves, errs int64
	var closes []string
	for w, p := range procs {
		var rep workerReport
		line, err := p.out.ReadBytes('\n')
		if err == nil {
			err = json.Unmarshal(line, &rep)
		}
		if err != nil {
			return fmt.Errorf("loadtest: worker %d's report: %w", w+1, err)
		}
		total.merge(rep.Hist)
		moves += rep.Moves
		errs += rep.Errors
		closes = append(closes, rep.Closes...)
	}
	elapsed := time.Since(t0)
	m1, err := serverMetrics(o.metrics)
	if err != nil {
		return err
	}
	relayed := m1["gobblet_relay_messages_relayed_total"] - m0["gobblet_relay_messages_relayed_total"]
	cpu := m1["process_cpu_seconds_total"] - m0["process_cpu_seconds_total"]
	fmt.Printf("every room playing, each socket at most %g moves/s, for %.1fs: %.0f moves relayed per second (server count); server CPU %.0f%% of one core, %.1f µs per move\n",
		rate, elapsed.Seconds(), relayed/elapsed.Seconds(), 100*cpu/elapsed.Seconds(), 1e6*cpu/max(relayed, 1))
	fmt.Printf("  latency from one client's write to the other's read: median %s, p99 %s (%d moves); the relay's own time (read to written): median %s, p99 %s\n",
		fmtDur(total.quantile(0.5)), fmtDur(total.quantile(0.99)), total.N, relayQuantile(m0, m1, 0.5), relayQuantile(m0, m1, 0.99))
	if errs > 0 {
		fmt.Printf("  rooms whose play ended in an error: %d (%s)\n", errs, strings.Join(closes, "; "))
	}
	return nil
}

// quietLatency plays o.quiet moves in one extra room, one at a time.
func quietLatency(o *loadOptions) (*histogram, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	q := *o
	q.worker = 0
	a, b, err := openRoom(ctx, &q, 9999999, false)
	if err != nil {
		return nil, err
	}
	defer a.c.CloseNow()
	defer b.c.CloseNow()
	h := newHistogram()
	buf := make([]byte, o.size)
	from, to := a, b
	for range o.quiet {
		binary.LittleEndian.PutUint64(buf, uint64(time.Since(epoch)))
		if err := from.c.Write(ctx, websocket.MessageBinary, buf); err != nil {
			return nil, err
		}
		_, msg, err := to.c.Read(ctx)
		if err != nil {
			return nil, err
		}
		h.add(time.Since(epoch) - time.Duration(binary.LittleEndian.Uint64(msg)))
		from, to = to, from
		time.Sleep(30 * time.Millisecond) // each socket sends one move in 60 ms: under the server's 20 a second
	}
	return h, nil
}

// relayQuantile reads quantile q of the server's own time to pass a move
// on between two readings of its metrics: the upper bound of its bucket.
func relayQuantile(m0, m1 map[string]float64, q float64) string {
	type bucket struct{ le, n float64 }
	var bs []bucket
	for k, v := range m1 {
		le, ok := strings.CutPrefix(k, `gobblet_relay_forward_seconds_bucket{le="`)
		if !ok {
			continue
		}
		le = strings.TrimSuffix(le, `"}`)
		f, err := strconv.ParseFloat(le, 64)
		if le == "+Inf" {
			f, err = math.Inf(1), nil
		}
		if err == nil {
			bs = append(bs, bucket{f, v - m0[k]})
		}
	}
	slices.SortFunc(bs, func(a, b bucket) int { return cmp.Compare(a.le, b.le) })
	if len(bs) == 0 || bs[len(bs)-1].n == 0 {
		return "?"
	}
	total := bs[len(bs)-1].n
	for _, b := range bs {
		if b.n >= q*total {
			if math.IsInf(b.le, 1) {
				return "> 10 s"
			}
			return "≤ " + fmtDur(time.Duration(b.le*float64(time.Second)))
		}
	}
	return "?"
}

func fmtDur(d time.Duration) string {
	if d < time.Millisecond {
		return fmt.Sprintf("%d µs", d.Microseconds())
	}
	return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000)
}
