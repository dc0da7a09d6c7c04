package main

import "errors"

func runMatch(args []string) error {
	return errors.New("not built yet")
}
