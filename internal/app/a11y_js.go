//go:build js

package app

import (
	"strconv"
	"sync"
	"syscall/js"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// jsA11y is the page's accessible copy of the game (a11y.go), built in
// the page's #a11y section (tools/web/index.html): visually hidden, but a
// screen reader reads it and the keyboard reaches it. Its buttons and
// text box queue actions, which the game plays on its next tick.
type jsA11y struct {
	doc, root, title, turn, board, form, label, input, play, help, live js.Value
	reserves                                                            [2]js.Value
	squares                                                             []js.Value // the page's order: the top rank first
	stacks                                                              [2][]js.Value
	texts                                                               map[string]string // what each element says, to write only what changed
	size                                                                int
	lang                                                                string

	mu    sync.Mutex
	queue []a11yAction
}

// a11yMaxLines is how many announcements the live region keeps.
const a11yMaxLines = 12

func newA11yPage() a11yPage {
	doc := js.Global().Get("document")
	if doc.IsUndefined() || doc.IsNull() {
		return nil
	}
	root := doc.Call("getElementById", "a11y")
	if root.IsNull() || root.IsUndefined() {
		return nil
	}
	p := &jsA11y{doc: doc, root: root, texts: map[string]string{}}
	el := func(tag, id string, parent js.Value) js.Value {
		e := doc.Call("createElement", tag)
		if id != "" {
			e.Set("id", id)
		}
		parent.Call("appendChild", e)
		return e
	}
	// the live region is the page's own, there from the start, so that a
	// screen reader already watches it; else one is made
	p.live = doc.Call("getElementById", "a11y-live")
	if p.live.IsNull() {
		p.live = el("div", "a11y-live", root)
		p.live.Call("setAttribute", "role", "log")
		p.live.Call("setAttribute", "aria-live", "polite")
	}
	before := func(tag, id string) js.Value {
		e := doc.Call("createElement", tag)
		e.Set("id", id)
		root.Call("insertBefore", e, p.live)
		return e
	}
	p.title = before("h2", "a11y-title")
	root.Call("setAttribute", "aria-labelledby", "a11y-title")
	p.turn = before("p", "a11y-turn")
	p.board = before("div", "a11y-board")
	p.board.Call("setAttribute", "role", "grid")
	for c := range p.reserves {
		p.reserves[c] = before("div", "a11y-reserve-"+strconv.Itoa(c))
		p.reserves[c].Call("setAttribute", "role", "group")
	}
	p.form = before("form", "a11y-form")
	p.label = el("label", "a11y-move-label", p.form)
	p.label.Call("setAttribute", "for", "a11y-move")
	p.input = el("input", "a11y-move", p.form)
	for k, v := range map[string]string{"type": "text", "autocomplete": "off", "autocapitalize": "off", "spellcheck": "false", "aria-describedby": "a11y-help", "maxlength": "20"} {
		p.input.Call("setAttribute", k, v)
	}
	p.play = el("button", "a11y-play", p.form)
	p.play.Call("setAttribute", "type", "submit")
	p.help = el("p", "a11y-help", p.form)

	root.Call("addEventListener", "click", js.FuncOf(p.onClick))
	root.Call("addEventListener", "keydown", js.FuncOf(p.onKey))
	p.form.Call("addEventListener", "submit", js.FuncOf(func(this js.Value, args []js.Value) any {
		args[0].Call("preventDefault")
		text := p.input.Get("value").String()
		p.input.Set("value", "")
		p.push(a11yAction{kind: a11yText, text: text})
		return nil
	}))
	// Tab on the game's canvas, while a game waits for a move, goes to the
	// board's first square (the canvas keeps every other key, and Tab
	// in its menus).
	js.Global().Call("addEventListener", "keydown", js.FuncOf(func(this js.Value, args []js.Value) any {
		e := args[0]
		if e.Get("key").String() != "Tab" || e.Get("target").Get("tagName").String() != "CANVAS" || root.Get("dataset").Get("live").String() != "1" {
			return nil
		}
		e.Call("preventDefault")
		e.Call("stopPropagation")
		if len(p.squares) > 0 {
			p.squares[0].Call("focus")
		}
		return nil
	}), true)
	return p
}

func (p *jsA11y) push(act a11yAction) {
	p.mu.Lock()
	p.queue = append(p.queue, act)
	p.mu.Unlock()
}

func (p *jsA11y) take() []a11yAction {
	p.mu.Lock()
	defer p.mu.Unlock()
	q := p.queue
	p.queue = nil
	return q
}

// onClick: a square's or a stack's button (Enter, Space, a click or a
// screen reader's activation all come as a click).
func (p *jsA11y) onClick(this js.Value, args []js.Value) any {
	b := args[0].Get("target").Call("closest", "button")
	if b.IsNull() || b.IsUndefined() {
		return nil
	}
	d := b.Get("dataset")
	if s := d.Get("sq"); s.Type() == js.TypeString {
		n, err := strconv.Atoi(s.String())
		if err == nil {
			p.push(a11yAction{kind: a11ySquare, sq: rules.Square(n)})
		}
		return nil
	}
	if s := d.Get("slot"); s.Type() == js.TypeString {
		slot, err1 := strconv.Atoi(s.String())
		c, err2 := strconv.Atoi(d.Get("colour").String())
		if err1 == nil && err2 == nil {
			p.push(a11yAction{kind: a11ySlot, colour: c, slot: slot})
		}
	}
	return nil
}

// onKey: the arrows move between the squares (and along a reserve), Esc
// puts a held piece back, or goes back to the game's canvas.
func (p *jsA11y) onKey(this js.Value, args []js.Value) any {
	e := args[0]
	key := e.Get("key").String()
	target := e.Get("target")
	if key == "Escape" {
		if p.root.Call("querySelector", "button[aria-pressed=true]").Truthy() {
			p.push(a11yAction{kind: a11yCancel})
		} else if c := p.doc.Call("querySelector", "canvas"); c.Truthy() {
			c.Call("focus")
		}
		e.Call("preventDefault")
		return nil
	}
	df, dr := 0, 0
	switch key {
	case "ArrowLeft":
		df = -1
	case "ArrowRight":
		df = 1
	case "ArrowUp":
		dr = -1 // the page's rows run from the top rank down
	case "ArrowDown":
		dr = 1
	default:
		return nil
	}
	if target.Get("tagName").String() != "BUTTON" {
		return nil
	}
	n := p.size
	for i, b := range p.squares {
		if b.Equal(target) {
			r, f := i/n, i%n
			r, f = (r+dr+n)%n, (f+df+n)%n
			p.squares[r*n+f].Call("focus")
			e.Call("preventDefault")
			return nil
		}
	}
	for c := range p.stacks {
		for i, b := range p.stacks[c] {
			if b.Equal(target) {
				k := len(p.stacks[c])
				p.stacks[c][((i+df+dr)%k+k)%k].Call("focus")
				e.Call("preventDefault")
				return nil
			}
		}
	}
	return nil
}

// say sets an element's text when it changed.
func (p *jsA11y) say(e js.Value, key, text string) {
	if p.texts[key] == text {
		return
	}
	p.texts[key] = text
	e.Set("textContent", text)
}

// attr sets an attribute when it changed ("" removes it).
func (p *jsA11y) attr(e js.Value, key, name, value string) {
	k := key + "@" + name
	if old, ok := p.texts[k]; ok && old == value {
		return
	}
	p.texts[k] = value
	if value == "" {
		e.Call("removeAttribute", name)
		return
	}
	e.Call("setAttribute", name, value)
}

func (p *jsA11y) show(v *a11yView, l a11yLabels) {
	if l.Lang != p.lang {
		p.lang = l.Lang
		p.root.Call("setAttribute", "lang", l.Lang)
	}
	p.say(p.title, "title", l.Region)
	p.attr(p.board, "board", "aria-label", l.Board)
	p.say(p.label, "label", l.TypeMove)
	p.say(p.play, "play", l.Play)
	p.say(p.help, "help", l.TypeHelp)
	hide := func(e js.Value, key string, hidden bool) {
		p.attr(e, key, "hidden", map[bool]string{true: "hidden"}[hidden])
	}
	hide(p.board, "board", v == nil)
	hide(p.form, "form", v == nil)
	for c := range p.reserves {
		hide(p.reserves[c], "reserve"+strconv.Itoa(c), v == nil)
	}
	if v == nil {
		p.root.Get("dataset").Set("live", "0")
		p.say(p.turn, "turn", l.NoGame)
		return
	}
	p.root.Get("dataset").Set("live", map[bool]string{true: "1", false: "0"}[v.Live])
	p.say(p.turn, "turn", v.Turn)
	if v.Size != p.size || len(p.squares) != len(v.Squares) {
		p.buildBoard(v)
	}
	for i, c := range v.Squares {
		k := "sq" + strconv.Itoa(i)
		p.say(p.squares[i], k, c.Label)
		p.attr(p.squares[i], k, "aria-pressed", map[bool]string{true: "true"}[c.Held])
	}
	for c, res := range v.Reserves {
		rk := "reserve" + strconv.Itoa(c)
		p.attr(p.reserves[c], rk, "aria-label", res.Label)
		if len(p.stacks[c]) != len(res.Stacks) {
			p.buildReserve(c, len(res.Stacks))
		}
		for i, s := range res.Stacks {
			k := rk + "/" + strconv.Itoa(i)
			p.say(p.stacks[c][i], k, s.Label)
			p.attr(p.stacks[c][i], k, "aria-pressed", map[bool]string{true: "true"}[s.Held])
		}
	}
}

// buildBoard makes the grid: a row per rank, the top first, a button a
// square.
func (p *jsA11y) buildBoard(v *a11yView) {
	p.board.Set("textContent", "")
	p.squares = p.squares[:0]
	for k := range p.texts {
		if len(k) > 2 && k[:2] == "sq" {
			delete(p.texts, k)
		}
	}
	p.size = v.Size
	var row js.Value
	for i, c := range v.Squares {
		if i%v.Size == 0 {
			row = p.doc.Call("createElement", "div")
			row.Call("setAttribute", "role", "row")
			p.board.Call("appendChild", row)
		}
		cell := p.doc.Call("createElement", "div")
		cell.Call("setAttribute", "role", "gridcell")
		b := p.doc.Call("createElement", "button")
		b.Call("setAttribute", "type", "button")
		b.Get("dataset").Set("sq", strconv.Itoa(int(c.Sq)))
		cell.Call("appendChild", b)
		row.Call("appendChild", cell)
		p.squares = append(p.squares, b)
	}
}

// buildReserve makes a colour's reserve: a button a stack.
func (p *jsA11y) buildReserve(c, n int) {
	r := p.reserves[c]
	r.Set("textContent", "")
	p.stacks[c] = p.stacks[c][:0]
	prefix := "reserve" + strconv.Itoa(c) + "/"
	for k := range p.texts {
		if len(k) > len(prefix) && k[:len(prefix)] == prefix {
			delete(p.texts, k)
		}
	}
	for i := 0; i < n; i++ {
		b := p.doc.Call("createElement", "button")
		b.Call("setAttribute", "type", "button")
		b.Get("dataset").Set("colour", strconv.Itoa(c))
		b.Get("dataset").Set("slot", strconv.Itoa(i))
		r.Call("appendChild", b)
		p.stacks[c] = append(p.stacks[c], b)
	}
}

func (p *jsA11y) announce(s string) {
	if s == "" {
		return
	}
	line := p.doc.Call("createElement", "p")
	line.Set("textContent", s)
	p.live.Call("appendChild", line)
	for p.live.Get("childElementCount").Int() > a11yMaxLines {
		p.live.Call("removeChild", p.live.Get("firstElementChild"))
	}
}
