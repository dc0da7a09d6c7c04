//go:build js

package solve

import (
	"context"
	"os"
)

// In the browser build nothing is built in: the tests read the table from
// its file and hand it to the package as the page does.
var embedded = func() []byte {
	b, err := os.ReadFile("gobblers.sparse")
	if err != nil {
		panic(err)
	}
	return b
}()

func init() {
	SetSource(func(context.Context) ([]byte, error) { return embedded, nil })
}
