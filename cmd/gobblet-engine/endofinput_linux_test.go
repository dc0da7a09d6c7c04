package main

import (
	"io"
	"os"
	"strconv"
	"syscall"
	"testing"
	"unsafe"
)

// openTerminal returns both ends of a new pseudo-terminal: what a person
// types is written to the first, the program reads the second.
func openTerminal(t *testing.T) (person, program *os.File) {
	t.Helper()
	person, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	var unlock, n int32
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, person.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); errno != 0 {
		t.Fatal(errno)
	}
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, person.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); errno != 0 {
		t.Fatal(errno)
	}
	program, err = os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { person.Close(); program.Close() })
	go io.Copy(io.Discard, person) // the terminal's echo
	return person, program
}

// TestCtrlDAtATerminalEndsTheWork: a person's end of input (Ctrl+D at a
// terminal) ends a count or a search as quit does, whatever came between;
// the engine answers what it was asked and exits.
func TestCtrlDAtATerminalEndsTheWork(t *testing.T) {
	for _, w := range stopWorkCases.works {
		for _, b := range stopWorkCases.betweens {
			t.Run(w.name+", "+b.name+", then Ctrl+D", func(t *testing.T) {
				person, program := openTerminal(t)
				s := startEngineSession(t, program)
				io.WriteString(person, "position startpos classic\n"+w.cmd+"\n"+b.line+"\n\x04")
				checkStopped(t, s.linesUntil(nil), w.answer, b.reply)
			})
		}
	}
}
