//go:build js

package main

import "errors"

func loadtest([]string) error { return errors.New("loadtest does not run in a browser") }
