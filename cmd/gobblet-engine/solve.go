package main

import "errors"

func runSolve(args []string) error {
	return errors.New("not built yet")
}
