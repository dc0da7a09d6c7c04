//go:build js

package relay

import "github.com/coder/websocket"

// In a browser there is nothing to accept; this only keeps the package
// compiling for GOOS=js (make vet).
func (s *Server) acceptOptions(*peer) *websocket.AcceptOptions {
	return &websocket.AcceptOptions{OriginPatterns: s.cfg.OriginPatterns}
}
