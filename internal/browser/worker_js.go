//go:build js

package browser

import (
	"errors"
	"fmt"
	"sync"
	"syscall/js"
	"time"

	"github.com/gobblet-game/gobblet/internal/browser/searchmsg"
	"github.com/gobblet-game/gobblet/internal/sound"
)

// Worker is a Web Worker the page started: a script of its own on a
// thread of its own, spoken to with string messages (and answering the
// questions for the music and the effects with their samples: Music,
// Effects).
type Worker struct {
	w       js.Value
	in      chan string
	err     chan error
	music   chan js.Value // the music's message, once asked for
	effects chan js.Value // the effects' message, once asked for
	ready   chan struct{} // closed when it said it takes messages
	dead    chan struct{} // closed at its first failure
	began   sync.Once
	died    sync.Once
	fns     []js.Func
}

// ErrNoWorkers says the browser cannot start a worker.
var ErrNoWorkers = errors.New("this browser has no Web Workers")

// StartWorker starts the script at url (relative to the page). Messages
// it posts arrive on Messages; a failure to load or run it on Failed.
//
// The page's first worker is its search worker: WorkerMusic and
// WorkerEffects ask it for the sounds.
func StartWorker(url string) (w *Worker, err error) {
	defer first.once.Do(func() {
		first.w, first.err = w, err
		close(first.started)
	})
	ctor := js.Global().Get("Worker")
	if ctor.Type() != js.TypeFunction {
		return nil, ErrNoWorkers
	}
	w = &Worker{in: make(chan string, 256), err: make(chan error, 1), music: make(chan js.Value, 1), effects: make(chan js.Value, 1), ready: make(chan struct{}), dead: make(chan struct{})}
	func() {
		defer func() {
			if r := recover(); r != nil {
				err = jsError(js.ValueOf(recoverText(r)))
			}
		}()
		w.w = ctor.New(url)
	}()
	if err != nil {
		return nil, err
	}
	onMessage := js.FuncOf(func(_ js.Value, args []js.Value) any {
		d := args[0].Get("data")
		for _, a := range []struct {
			is func(js.Value) bool
			to chan js.Value
		}{{searchmsg.IsMusic, w.music}, {searchmsg.IsEffects, w.effects}} {
			if a.is(d) {
				select {
				case a.to <- d:
				default: // asked once: a second answer is dropped
				}
				return nil
			}
		}
		if d.Type() == js.TypeString {
			s := d.String()
			if s == readyMsg {
				w.began.Do(func() { close(w.ready) })
			}
			select {
			case w.in <- s:
			default:
				go func() { w.in <- s }() // never block the page
			}
		}
		return nil
	})
	onError := js.FuncOf(func(_ js.Value, args []js.Value) any {
		msg := "the search worker failed"
		if m := args[0].Get("message"); m.Type() == js.TypeString && m.String() != "" {
			msg += ": " + m.String()
		}
		select {
		case w.err <- errors.New(msg):
		default:
		}
		w.died.Do(func() { close(w.dead) })
		return nil
	})
	w.fns = []js.Func{onMessage, onError}
	w.w.Call("addEventListener", "message", onMessage)
	w.w.Call("addEventListener", "error", onError)
	watcher().Call("worker", w.w)
	return w, nil
}

// While the player moves the pointer or a finger, the page watches its own
// frames; when they come late (lateFrames gaps over lateFrame), it tells
// the search worker that input is busy, and the worker's search rests
// between its slices of work until the page says the input stopped
// (inputQuiet without any). On a machine with few cores, or with no GPU,
// where the page and the browser's software drawing of each frame share
// the processor with the search, the frames then keep coming as they do
// with nothing thinking; where the frames keep time, the search is never
// slowed. The page's own work in slices (the music's synthesis, a search
// where there is no worker: internal/coop) is told too (WatchInput). All
// of it runs in the page's script: no call into Go at each event.
const (
	lateFrame  = 34 * time.Millisecond // two frames missed at 60 Hz
	lateFrames = 2
	inputQuiet = 400 * time.Millisecond
)

// watcher is the page's one watch of its input and frames, started at the
// first worker or WatchInput.
var watcher = sync.OnceValue(func() js.Value {
	return inputWatch.Invoke(searchmsg.InputBusy, searchmsg.InputQuiet, lateFrame.Milliseconds(), lateFrames, inputQuiet.Milliseconds())
})

// WatchInput calls busy(true) when the player's input is busy and the
// page's frames come late, and busy(false) once the input stopped; busy
// runs on the page's event loop and must not block.
func WatchInput(busy func(bool)) {
	f := js.FuncOf(func(_ js.Value, args []js.Value) any {
		busy(args[0].Bool())
		return nil
	})
	watcher().Call("page", f)
}

var inputWatch = js.Global().Get("Function").New("busyMsg", "quietMsg", "lateMs", "lateN", "quietMs", `
	let active = false, busy = false, lastInput = 0, lastFrame = 0, late = 0;
	const workers = [], pages = [];
	const tell = (b) => {
		for (const w of workers) w.postMessage(b ? busyMsg : quietMsg);
		for (const f of pages) f(b);
	};
	const frame = (now) => {
		if (lastFrame && now - lastFrame > lateMs) late++;
		lastFrame = now;
		if (!busy && late >= lateN) { busy = true; tell(true); }
		if (performance.now() - lastInput > quietMs) {
			active = false;
			if (busy) { busy = false; tell(false); }
			return;
		}
		requestAnimationFrame(frame);
	};
	const on = () => {
		lastInput = performance.now();
		if (!active) { active = true; lastFrame = 0; late = 0; requestAnimationFrame(frame); }
	};
	for (const e of ["pointermove", "pointerdown", "touchmove", "touchstart", "wheel", "keydown"]) {
		addEventListener(e, on, { capture: true, passive: true });
	}
	return {
		worker: (w) => { workers.push(w); if (busy) w.postMessage(busyMsg); },
		page: (f) => { pages.push(f); if (busy) f(true); },
	};`)

func recoverText(r any) string {
	if e, ok := r.(error); ok {
		return e.Error()
	}
	return "the worker could not start"
}

// Post sends the worker a message.
func (w *Worker) Post(msg string) { w.w.Call("postMessage", msg) }

// Messages are the worker's messages, in order.
func (w *Worker) Messages() <-chan string { return w.in }

// Failed says when the worker could not load or stopped with an error.
func (w *Worker) Failed() <-chan error { return w.err }

// first is the page's first worker, or why it could not start.
var first = struct {
	once    sync.Once
	started chan struct{} // closed once StartWorker was first called
	w       *Worker
	err     error
}{started: make(chan struct{})}

// readyMsg is the worker's word that it takes messages: one posted
// before it would be lost (its program sets its handler as it starts).
var readyMsg = searchmsg.Reply{Kind: searchmsg.Ready}.Encode()

// Music asks the worker for the game's music (searchmsg.MusicAsk), once
// it is ready, and waits for it: the worker renders it when it has no
// search to run, in a few seconds. An error if the worker fails first.
func (w *Worker) Music() (sound.PCM, error) {
	return ask(w, searchmsg.MusicAsk, w.music, "the music", searchmsg.ReceiveMusic)
}

// Effects asks the worker for the game's sound effects
// (searchmsg.EffectsAsk), as Music the music.
func (w *Worker) Effects() ([]sound.PCM, error) {
	return ask(w, searchmsg.EffectsAsk, w.effects, "the effects", searchmsg.ReceiveEffects)
}

// ask posts question once the worker is ready and reads its answer, what,
// from the message that arrives on answer.
func ask[T any](w *Worker, question string, answer <-chan js.Value, what string, read func(js.Value) (T, error)) (T, error) {
	var none T
	select {
	case <-w.ready:
	case <-w.dead:
		return none, errors.New("the worker failed before it started")
	}
	w.Post(question)
	select {
	case d := <-answer:
		return read(d)
	case <-w.dead:
		return none, fmt.Errorf("the worker failed before it sent %s", what)
	case <-time.After(answerWait):
		return none, fmt.Errorf("the worker did not send %s within %v", what, answerWait)
	}
}

// answerWait is how long the page waits for the worker's sounds once
// asked: the music takes seconds, and waits for the searches; a worker
// that says nothing for this long is stuck (a Go panic in a worker stops
// its program without an error event), and the page renders them itself.
const answerWait = 2 * time.Minute

// WorkerMusic is the music from the page's search worker (its first), for
// sound.SetMusicSource. It waits up to wait for the page to start the
// worker (the game starts it a few seconds after its first frame), then
// for the music. An error says why there is none: no workers, a worker
// that failed or did not start in time; the page then renders it itself.
func WorkerMusic(wait time.Duration) (sound.PCM, error) {
	w, err := firstWorker(wait)
	if err != nil {
		return nil, err
	}
	return w.Music()
}

// WorkerEffects is the sound effects from the page's search worker, for
// sound.SetEffectsSource, as WorkerMusic the music.
func WorkerEffects(wait time.Duration) ([]sound.PCM, error) {
	w, err := firstWorker(wait)
	if err != nil {
		return nil, err
	}
	return w.Effects()
}

// firstWorker waits up to wait for the page to start its first worker.
func firstWorker(wait time.Duration) (*Worker, error) {
	if js.Global().Get("Worker").Type() != js.TypeFunction {
		return nil, ErrNoWorkers
	}
	select {
	case <-first.started:
	case <-time.After(wait):
		return nil, fmt.Errorf("no search worker started within %v", wait)
	}
	return first.w, first.err
}

// Stop ends the worker.
func (w *Worker) Stop() {
	w.w.Call("terminate")
	for _, f := range w.fns {
		f.Release()
	}
}
