//go:build !js

package solve

import _ "embed"

// embedded is the built-in solution's sparse table. The browser build
// leaves it out and fetches it instead (SetSource).
//
//go:embed gobblers.sparse
var embedded []byte

func init() { source.bytes = embedded }
