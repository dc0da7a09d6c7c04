package main

import "errors"

func runReplay(args []string) error {
	return errors.New("not built yet")
}
