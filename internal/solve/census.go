package solve

import (
	"sync"
	"sync/atomic"
)

// Census counts canonical boards where the game goes on, by value.
type Census struct {
	Wins, Losses [maxPlies + 1]uint64
	Draws        uint64
}

// Boards returns how many boards the census counted.
func (c *Census) Boards() uint64 {
	n := c.Draws
	for i := range c.Wins {
		n += c.Wins[i] + c.Losses[i]
	}
	return n
}

// Census counts the values of the canonical boards where the game goes on
// and that keep returns true for (nil keeps all).
func (t *Table) Census(workers int, keep func(Index) bool) Census {
	var mu sync.Mutex
	var total Census
	var next atomic.Int32
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Go(func() {
			var c Census
			forEachCanonical(&next, func(i Index, _ int) {
				if keep != nil && !keep(i) {
					return
				}
				if b := BoardAt(i); b.Over() {
					return
				}
				switch v := t.At(i); {
				case v.IsWin():
					c.Wins[v.Plies()]++
				case v.IsLoss():
					c.Losses[v.Plies()]++
				default:
					c.Draws++
				}
			})
			mu.Lock()
			defer mu.Unlock()
			for i := range c.Wins {
				total.Wins[i] += c.Wins[i]
				total.Losses[i] += c.Losses[i]
			}
			total.Draws += c.Draws
		})
	}
	wg.Wait()
	return total
}
