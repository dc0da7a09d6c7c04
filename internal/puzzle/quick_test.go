package puzzle

import (
	"context"
	"testing"
)

func TestQuick(t *testing.T) {
	ctx := context.Background()
	for _, pz := range All() {
		p := pz.Position
		for i := 0; i < len(pz.Solution); i += 2 {
			v, err := Check(ctx, pz, i/2, p, pz.Solution[i])
			if err != nil || !v.Correct {
				t.Fatalf("%s step %d: %+v %v", pz.ID, i/2, v, err)
			}
			p = p.Play(pz.Solution[i])
			if i+1 < len(pz.Solution) {
				if v.Reply != pz.Solution[i+1] {
					t.Logf("%s: reply %v, line %v", pz.ID, v.Reply, pz.Solution[i+1])
				}
				p = p.Play(v.Reply)
			} else if !v.Done {
				t.Fatalf("%s not done", pz.ID)
			}
		}
	}
}
