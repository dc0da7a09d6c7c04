package main

func runPerft(args []string) error { return nil }
