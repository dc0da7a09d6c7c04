package settings

import (
	"bytes"
	"reflect"
	"testing"
)

// FuzzParse: settings Parse accepts are ones Marshal writes back and Parse
// reads again unchanged. Seeds are in testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	def, _ := Marshal(Default())
	f.Add(def)
	withChoices := Default()
	withChoices.NewGame = &NewGame{Variant: "classic", Mode: "human-ai", Colour: 1, Levels: [2]string{"medium", "expert"}}
	ng, _ := Marshal(withChoices)
	f.Add(ng)
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse(data)
		if err != nil {
			return
		}
		text, err := Marshal(s)
		if err != nil {
			t.Fatalf("parsed but cannot write: %v", err)
		}
		back, err := Parse(text)
		if err != nil || !reflect.DeepEqual(back, s) {
			t.Fatalf("round trip: %v\n%+v\n%+v", err, s, back)
		}
		again, _ := Marshal(back)
		if !bytes.Equal(again, text) {
			t.Fatalf("second write differs")
		}
	})
}
