// Command gobblet-server serves the browser version of Gobblet and the
// relay through which two players meet by a room id (issue 22);
// gobblet-server loadtest measures a running one. See docs/server.md.
package main

import (
	"fmt"
	"os"
)

// version is stamped by the Makefile (-X main.version=…).
var version = "dev"

func main() {
	var err error
	if len(os.Args) > 1 && os.Args[1] == "loadtest" {
		err = loadtest(os.Args[2:])
	} else {
		err = serve(os.Args[1:])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gobblet-server:", err)
		os.Exit(1)
	}
}
