package main

import "errors"

func loadtest(args []string) error { return errors.New("loadtest: not yet") }
