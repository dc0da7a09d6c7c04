package netplay_test

import (
	"fmt"

	"github.com/gobblet-game/gobblet/internal/netplay"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// How a GUI scene drives a session: open it once, then poll its events in
// every Update without blocking, and call its methods from input handlers.
func Example() {
	s, err := netplay.Host(netplay.HostConfig{Variant: rules.Gobblers, Colour: rules.X, Listen: "127.0.0.1:0"})
	if err != nil {
		fmt.Println(err) // e.g. the port is taken
		return
	}
	defer s.Close()
	fmt.Println("Tell the other player this room code:", s.Code())

	update := func() {
		for {
			select {
			case e, ok := <-s.Events():
				if !ok {
					return // the session is over
				}
				switch e := e.(type) {
				case netplay.Started:
					_ = e.You // your colour; show e.Game
				case netplay.Moved:
					_ = e.Game // show it; the other side thinks when it is not your turn
				case netplay.Disconnected:
					if e.Game != nil && !e.Game.Over() {
						_ = e.Reason // offer: finish against the AI from e.Game, or back to the menu
					}
				}
			default:
				return // nothing new this frame
			}
		}
	}
	update()
}
