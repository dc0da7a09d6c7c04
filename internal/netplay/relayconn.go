package netplay

import (
	"context"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// relayMaxMessage is the relay's limit on one message (RELAY-WIRE: 16 KiB);
// a bigger one from the other side ends the connection.
const relayMaxMessage = 16 << 10

// relayConn is one WebSocket to the relay's room. Its reader goroutine
// hands every message to in; only the session goroutine writes.
type relayConn struct {
	ws     *websocket.Conn
	ctx    context.Context
	cancel context.CancelFunc
	in     chan relayEvent
	write  time.Duration
}

// relayEvent is one message from the relay: its own word (text), a message
// of the other side (data, never empty: keep-alives are dropped), or why
// the socket ended (err, the last event).
type relayEvent struct {
	text string
	data []byte
	err  error
}

// dialRelay opens a socket to url. closing cancels the dial.
func dialRelay(url string, l Limits, closing <-chan struct{}, wg *sync.WaitGroup) (*relayConn, error) {
	ctx, cancel := context.WithCancel(context.Background())
	dialed := make(chan struct{})
	go func() {
		select {
		case <-closing:
			cancel()
		case <-dialed:
		}
	}()
	dctx, dcancel := context.WithTimeout(ctx, l.Handshake)
	ws, _, err := websocket.Dial(dctx, url, nil)
	dcancel()
	close(dialed)
	if err != nil {
		cancel()
		return nil, err
	}
	ws.SetReadLimit(relayMaxMessage)
	rc := &relayConn{ws: ws, ctx: ctx, cancel: cancel, in: make(chan relayEvent), write: l.Write}
	wg.Add(1)
	go rc.read(wg)
	return rc, nil
}

func (rc *relayConn) read(wg *sync.WaitGroup) {
	defer wg.Done()
	for {
		typ, b, err := rc.ws.Read(rc.ctx)
		var ev relayEvent
		switch {
		case err != nil:
			ev.err = err
		case typ == websocket.MessageText:
			if s := string(b); s == "paired" || s == "alone" {
				ev.text = s
			} else {
				continue // the relay's other words are not ours to read
			}
		case len(b) == 0:
			continue // a keep-alive
		default:
			ev.data = b
		}
		select {
		case rc.in <- ev:
		case <-rc.ctx.Done():
			return
		}
		if err != nil {
			return
		}
	}
}

// send writes one binary message; nil is a keep-alive.
func (rc *relayConn) send(b []byte) error {
	ctx, cancel := context.WithTimeout(rc.ctx, rc.write)
	defer cancel()
	if b == nil {
		b = []byte{}
	}
	return rc.ws.Write(ctx, websocket.MessageBinary, b)
}

// close ends the socket at once; the reader goroutine ends with it.
func (rc *relayConn) close() {
	rc.cancel()
	rc.ws.CloseNow()
}

// relayClosed is how a socket ended, in words and as a kind.
func relayClosed(err error) *relayEnd {
	return &relayEnd{reason: relayCloseReason(err), why: Why{Kind: relayCloseKind(err)}, err: err}
}

// relayCloseKind is relayCloseReason's kind.
func relayCloseKind(err error) Kind {
	switch websocket.CloseStatus(err) {
	case 4001:
		return WhyRoomFull
	case 4002:
		return WhyTooManyConnections
	case 4003:
		return WhyServerFull
	case 4004:
		return WhyServerSilence
	case 4006:
		return WhyTooManyMessages
	case 4007:
		return WhyRoomTimeLimit
	case websocket.StatusGoingAway:
		return WhyServerRestarting
	case 4005:
		return WhyServerRefusedBig
	case websocket.StatusMessageTooBig:
		return WhyBigMessage
	}
	return WhyServerLost
}

// relayCloseReason words why the relay or the network ended a socket.
func relayCloseReason(err error) string {
	switch websocket.CloseStatus(err) {
	case 4001:
		return "Someone else is already in this room: check the code with your friend."
	case 4002:
		return "The server refused the connection: too many connections come from your address."
	case 4003:
		return "The server is full: it holds too many rooms. Try again later."
	case 4004:
		return "The server closed the connection after a long silence."
	case 4005:
		return "The server refused a message that was too big."
	case 4006:
		return "The server refused the connection: too many messages were sent."
	case 4007:
		return "This room reached the server's time limit."
	case websocket.StatusGoingAway:
		return "The server is restarting."
	case websocket.StatusMessageTooBig:
		return "A message that was too big arrived; the connection was closed."
	}
	return "The connection to the server was lost."
}
