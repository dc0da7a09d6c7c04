package record

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// MaxPlies bounds the moves of a record, so a hostile file cannot make
// Parse slow (each move checks repetition against the whole history).
const MaxPlies = 5000

// ErrNewerFormat marks a record written by a newer version of the game.
var ErrNewerFormat = errors.New("written by a newer version of Gobblet")

// Error is a problem with a record's text, at a line (1-based; 0 when it
// is about the file as a whole).
type Error struct {
	Line int
	Err  error
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return e.Err.Error()
	}
	return fmt.Sprintf("line %d: %v", e.Line, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

func errorAt(line int, format string, args ...any) error {
	return &Error{Line: line, Err: fmt.Errorf(format, args...)}
}

// dateLayouts are the Date tag's accepted forms; the first is written.
var dateLayouts = []string{"2006-01-02 15:04:05", "2006-01-02 15:04", "2006-01-02"}

// Parse reads a record and replays it through the rules. Errors name the
// line and what is wrong there, for example
// "line 9: move 5 (x) 4@a1: a1 is taken by a piece of the same size".
// A record without a Result tag gets the result its moves lead to.
func Parse(data []byte) (*Record, error) {
	if len(strings.TrimSpace(string(data))) == 0 {
		return nil, &Error{Err: errors.New("the file is empty")}
	}
	if !utf8.Valid(data) {
		return nil, &Error{Err: errors.New("the file is not text (not valid UTF-8)")}
	}
	p := parser{lines: strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n"), seen: map[string]int{}}
	if err := p.header(); err != nil {
		return nil, err
	}
	if err := p.moves(); err != nil {
		return nil, err
	}
	return p.check()
}

type parser struct {
	lines []string
	next  int // index of the first line not yet read
	rec   Record
	seen  map[string]int // known tag name -> its line

	hasVariant, hasResult bool
	reason                rules.Reason
	redo                  string // the Redo tag, read once the variant is known
	moveLines             []int  // line of each move
}

// header reads the tag lines up to the first line of moves. Blank lines and
// ';' comments may come between tags.
func (p *parser) header() error {
	for ; p.next < len(p.lines); p.next++ {
		line := strings.TrimSpace(p.lines[p.next])
		if line == "" || line[0] == ';' {
			continue
		}
		if line[0] != '[' {
			break
		}
		name, value, err := parseTag(line)
		if err != nil {
			return &Error{Line: p.next + 1, Err: err}
		}
		if err := p.tag(name, value, p.next+1); err != nil {
			return &Error{Line: p.next + 1, Err: err}
		}
	}
	if !p.hasVariant {
		return errorAt(min(p.next+1, len(p.lines)), "the Variant tag is missing before the moves (add [Variant \"classic\"] or [Variant \"gobblers\"])")
	}
	if p.rec.Start != nil && p.rec.Start.Variant() != p.rec.Variant {
		return errorAt(p.seen["Start"], "the start position is %s but the Variant tag says %s", p.rec.Start.Variant(), p.rec.Variant)
	}
	return nil
}

// parseTag reads `[Name "value"]`; the value may escape \" and \\.
func parseTag(line string) (name, value string, err error) {
	if !strings.HasSuffix(line, "]") {
		return "", "", fmt.Errorf("a tag must end with ]: %q", clip(line))
	}
	body := strings.TrimSpace(line[1 : len(line)-1])
	i := 0
	for i < len(body) && isNameByte(body[i]) {
		i++
	}
	name = body[:i]
	if name == "" {
		return "", "", fmt.Errorf("a tag must start with a name, like [Variant \"classic\"]: %q", clip(line))
	}
	rest := strings.TrimLeft(body[i:], " \t")
	if len(rest) < 2 || rest[0] != '"' || rest[len(rest)-1] != '"' {
		return "", "", fmt.Errorf("tag %s: the value must be in double quotes", name)
	}
	var b strings.Builder
	q := rest[1 : len(rest)-1]
	for j := 0; j < len(q); j++ {
		c := q[j]
		switch {
		case c == '\\':
			if j+1 == len(q) || (q[j+1] != '"' && q[j+1] != '\\') {
				return "", "", fmt.Errorf(`tag %s: a backslash must be followed by " or \`, name)
			}
			j++
			b.WriteByte(q[j])
		case c == '"':
			return "", "", fmt.Errorf(`tag %s: a quote inside the value must be written \"`, name)
		case c < ' ' || c == 0x7f:
			return "", "", fmt.Errorf("tag %s: the value has a control character", name)
		default:
			b.WriteByte(c)
		}
	}
	return name, b.String(), nil
}

func isNameByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// tag stores one header tag.
func (p *parser) tag(name, value string, line int) error {
	side, field, isPlayer := playerTag(name)
	known := isPlayer || knownTags[name]
	if !known {
		p.rec.Tags = append(p.rec.Tags, Tag{name, value})
		return nil
	}
	if first, dup := p.seen[name]; dup {
		return fmt.Errorf("tag %s appears twice (first on line %d)", name, first)
	}
	p.seen[name] = line
	if isPlayer {
		pl := &p.rec.Players[side]
		switch field {
		case "":
			if value != Human && value != AI && value != Network {
				return fmt.Errorf("tag %s: %q is not a kind of player (human, ai or network)", name, clip(value))
			}
			pl.Kind = value
		case "Name":
			pl.Name = value
		case "Level":
			pl.Level = value
		case "Algorithm":
			pl.Algorithm = value
		}
		return nil
	}
	switch name {
	case "Format":
		v, ok := strings.CutPrefix(value, "gobblet ")
		n, err := strconv.Atoi(v)
		if !ok || err != nil || n < 1 {
			return fmt.Errorf("tag Format: %q is not a record format (like \"gobblet 1\")", clip(value))
		}
		if n > FormatVersion {
			return fmt.Errorf("format %d is %w (this one reads up to %d)", n, ErrNewerFormat, FormatVersion)
		}
	case "Variant":
		v, err := rules.ParseVariant(value)
		if err != nil {
			return fmt.Errorf("tag Variant: %w", err)
		}
		p.rec.Variant, p.hasVariant = v, true
	case "Date":
		for _, layout := range dateLayouts {
			if t, err := time.ParseInLocation(layout, value, time.Local); err == nil {
				p.rec.Date = t
				return nil
			}
		}
		return fmt.Errorf("tag Date: %q is not a date like 2026-11-21 or 2026-11-21 23:19:45", clip(value))
	case "Result":
		switch value {
		case "x wins":
			p.rec.Result = rules.Result{Status: rules.Win, Winner: rules.X, Reason: rules.Line}
		case "o wins":
			p.rec.Result = rules.Result{Status: rules.Win, Winner: rules.O, Reason: rules.Line}
		case "draw":
			p.rec.Result = rules.Result{Status: rules.Draw}
		case "ongoing":
			p.rec.Result = rules.Result{}
		default:
			return fmt.Errorf("tag Result: %q is not a result (x wins, o wins, draw or ongoing)", clip(value))
		}
		p.hasResult = true
	case "Reason":
		switch value {
		case "line":
			p.reason = rules.Line
		case "repetition":
			p.reason = rules.Repetition
		case "movelimit":
			p.reason = rules.MoveLimit
		case "resignation":
			p.reason = rules.Resignation
		default:
			return fmt.Errorf("tag Reason: %q is not a reason (line, resignation, repetition or movelimit)", clip(value))
		}
	case "Start":
		pos, err := rules.ParsePosition(value)
		if err != nil {
			return fmt.Errorf("tag Start: %w", err)
		}
		p.rec.Start = &pos
	case "MoveLimit":
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 || n > MaxPlies {
			return fmt.Errorf("tag MoveLimit: %q is not a number of plies from 0 to %d", clip(value), MaxPlies)
		}
		p.rec.MoveLimit = n
	case "Mode":
		p.rec.Mode = value
	case "Redo":
		p.redo = value // parsed in check, when the variant is surely known
	}
	return nil
}

// knownTags are the tags Record has fields for, besides the players'.
var knownTags = map[string]bool{
	"Format": true, "Variant": true, "Date": true, "Result": true, "Reason": true,
	"Start": true, "MoveLimit": true, "Mode": true, "Redo": true,
}

// playerTag splits "X", "XName", "OLevel", … into the side and the field.
func playerTag(name string) (rules.Player, string, bool) {
	if name == "" {
		return 0, "", false
	}
	var side rules.Player
	switch name[0] {
	case 'X':
		side = rules.X
	case 'O':
		side = rules.O
	default:
		return 0, "", false
	}
	switch f := name[1:]; f {
	case "", "Name", "Level", "Algorithm":
		return side, f, true
	}
	return 0, "", false
}

// moves reads the move text: moves, move numbers and comments.
func (p *parser) moves() error {
	text := strings.Join(p.lines[p.next:], "\n")
	line := p.next + 1
	start := p.rec.StartPosition()
	comment := func(ply int, c string) {
		if c = cleanComment(c); c == "" {
			return
		}
		if p.rec.Comments == nil {
			p.rec.Comments = map[int]string{}
		}
		if old := p.rec.Comments[ply]; old != "" {
			c = old + " " + c
		}
		p.rec.Comments[ply] = c
	}
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '{':
			end := strings.IndexByte(text[i:], '}')
			if end < 0 {
				return errorAt(line, "a comment opened with { is never closed with }")
			}
			body := text[i+1 : i+end]
			comment(len(p.rec.Moves), body)
			line += strings.Count(body, "\n")
			i += end + 1
		case c == ';':
			end := strings.IndexByte(text[i:], '\n')
			if end < 0 {
				end = len(text) - i
			}
			comment(len(p.rec.Moves), text[i+1:i+end])
			i += end
		case c == '[':
			return errorAt(line, "a header tag must come before the moves")
		default:
			j := i
			for j < len(text) && !strings.ContainsRune(" \t\r\n{;", rune(text[j])) {
				j++
			}
			if err := p.token(text[i:j], line, &start); err != nil {
				return err
			}
			i = j
		}
	}
	return nil
}

// token reads a move number ("3." or "3..."), a move, or both run together.
func (p *parser) token(tok string, line int, start *rules.Position) error {
	ply := len(p.rec.Moves)
	if k := numberEnd(tok); k > 0 {
		num, dots := tok[:k], tok[k:]
		rest := strings.TrimLeft(dots, ".")
		dots = dots[:len(dots)-len(rest)]
		n, err := strconv.Atoi(num)
		want, side := moveNumber(start, ply)
		if err != nil || (dots != "." && dots != "...") {
			return errorAt(line, "%q is not a move number like %d. or %d...", clip(tok), want, want)
		}
		wantDots := "."
		if side == rules.O {
			wantDots = "..."
		}
		if n != want || dots != wantDots {
			return errorAt(line, "%q does not fit here: the next move is %s (write %d%s or nothing)", num+dots, MoveLabel(start, ply), want, wantDots)
		}
		if tok = rest; tok == "" {
			return nil
		}
	}
	if ply >= MaxPlies {
		return errorAt(line, "more than %d moves", MaxPlies)
	}
	m, err := rules.ParseMove(p.rec.Variant, tok)
	if err != nil {
		return errorAt(line, "%s: %w", MoveLabel(start, ply), err)
	}
	p.rec.Moves = append(p.rec.Moves, m)
	p.moveLines = append(p.moveLines, line)
	return nil
}

// numberEnd returns the length of a token's leading digits when a dot
// follows them (a move number; "4@b2" is a drop), else 0.
func numberEnd(tok string) int {
	k := 0
	for k < len(tok) && '0' <= tok[k] && tok[k] <= '9' {
		k++
	}
	if k > 0 && k < len(tok) && tok[k] == '.' {
		return k
	}
	return 0
}

// check settles what needs every tag and move: the result and reason, the
// moves undone, then the replay through the rules.
func (p *parser) check() (*Record, error) {
	r := &p.rec
	if line, ok := p.seen["Redo"]; ok {
		for _, s := range strings.Fields(p.redo) {
			m, err := rules.ParseMove(r.Variant, s)
			if err != nil {
				return nil, errorAt(line, "tag Redo: %w", err)
			}
			r.Redo = append(r.Redo, m)
		}
		if len(r.Moves)+len(r.Redo) > MaxPlies {
			return nil, errorAt(line, "tag Redo: more than %d moves in all", MaxPlies)
		}
	}
	resultLine := p.seen["Result"]
	if p.hasResult {
		switch r.Result.Status {
		case rules.Win:
			if p.reason != rules.NoReason && p.reason != rules.Line && p.reason != rules.Resignation {
				return nil, errorAt(p.seen["Reason"], "a win is by a line or a resignation, not by %s", reasonName[p.reason])
			}
			if p.reason == rules.Resignation {
				r.Result.Reason = p.reason
			}
		case rules.Draw:
			if p.reason != rules.Repetition && p.reason != rules.MoveLimit {
				return nil, errorAt(resultLine, "a draw needs a Reason tag: repetition or movelimit")
			}
			r.Result.Reason = p.reason
		default:
			if p.reason != rules.NoReason {
				return nil, errorAt(p.seen["Reason"], "an ongoing game has no Reason")
			}
		}
	} else if _, ok := p.seen["Reason"]; ok {
		return nil, errorAt(p.seen["Reason"], "a Reason tag needs a Result tag")
	}
	g, err := r.playMoves()
	if err == nil {
		if !p.hasResult {
			r.Result = g.Result()
		}
		err = r.finish(g)
	}
	var me *MoveError
	var re *ResultError
	switch {
	case err == nil:
		return r, nil
	case errors.As(err, &me) && me.Ply < len(p.moveLines):
		return nil, &Error{Line: p.moveLines[me.Ply], Err: err}
	case errors.As(err, &me):
		return nil, &Error{Line: p.seen["Redo"], Err: err}
	case errors.As(err, &re):
		return nil, &Error{Line: resultLine, Err: err}
	}
	return nil, &Error{Err: err}
}

var reasonName = [...]string{rules.NoReason: "", rules.Line: "line", rules.Repetition: "repetition", rules.MoveLimit: "movelimit", rules.Resignation: "resignation"}

// clip shortens outside text quoted in an error message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}
