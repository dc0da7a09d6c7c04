//go:build !unix

package main

import "os/exec"

func ownGroup(cmd *exec.Cmd) {}

func endGroup(cmd *exec.Cmd) {}
