//go:build !js

package relay

import (
	"context"

	"github.com/coder/websocket"
)

func (s *Server) acceptOptions(p *peer) *websocket.AcceptOptions {
	return &websocket.AcceptOptions{
		OriginPatterns:  s.cfg.OriginPatterns,
		CompressionMode: websocket.CompressionDisabled, // the messages are encrypted: nothing to gain
		// Pings count against the rate like messages: each costs a pong.
		OnPingReceived: func(context.Context, []byte) bool {
			if !p.take() {
				go p.close(CodeRate, ReasonRate)
				return false
			}
			return true
		},
	}
}
