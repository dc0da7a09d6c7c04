// Package protocol runs the gobblet-engine line protocol of PROTOCOL.md.
package protocol

import (
	"io"
)

// Engine answers protocol commands.
type Engine struct{ out io.Writer }

// NewEngine returns an engine writing replies to out.
func NewEngine(out io.Writer) *Engine { return &Engine{out: out} }

// Run reads commands until quit or end of input.
func (e *Engine) Run(in io.Reader) {}
