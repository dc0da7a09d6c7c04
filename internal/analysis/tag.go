package analysis

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// TagName is the record's header tag that keeps the analysis. Versions of
// the game from before analysis keep it as an unknown tag.
const TagName = "Analysis"

// tagVersion is the first word of the tag's value; a value of another
// version is no analysis.
const tagVersion = "1"

// The tag's value is words separated by single spaces:
//
//	1 <hash> <budget> <ply>…
//
// hash is 8 hex digits of FNV-1a over the variant, the start position and
// the moves, so an analysis kept with other moves is known; budget is
// "solution" or n<nodes>; and each ply, one per move in order, is
// <best>:<before>:<after>, where best is the best move's notation or "="
// for the move played, and before and after are the mover's values:
// w<plies> a proven win, l<plies> a proven loss, d a draw, or a number
// 0–100 (winning chances). Marks, notes, chances and accuracy follow from
// these and the moves. For example, 3×3:
//
//	[Analysis "1 9c3e01a2 solution 2@b2:d:d 3@b2:d:l6 =:w5:w5"]

// maxPliesValue bounds a proven result's length in the tag.
const maxPliesValue = 2 * record.MaxPlies

// movesHash identifies the moves an analysis belongs to.
func movesHash(v rules.Variant, start rules.Position, moves []rules.Move) string {
	h := fnv.New32a()
	fmt.Fprintf(h, "%s %s", v, start.String())
	for _, m := range moves {
		fmt.Fprintf(h, " %s", m.Notation(v))
	}
	return fmt.Sprintf("%08x", h.Sum32())
}

// Keep writes the analysis into the record (as a header tag that older
// versions of the game keep as an unknown tag), replacing any earlier one.
// An analysis of other moves than the record's is not kept (the record is
// left without one); a nil g removes the analysis.
func Keep(r *record.Record, g *Game) {
	tags := r.Tags[:0]
	for _, t := range r.Tags {
		if t.Name != TagName {
			tags = append(tags, t)
		}
	}
	r.Tags = tags
	if g == nil || g.Variant != r.Variant || len(g.Plies) != len(r.Moves) {
		return
	}
	var b strings.Builder
	b.WriteString(tagVersion + " " + movesHash(r.Variant, r.StartPosition(), r.Moves) + " ")
	switch {
	case g.Budget == "solution":
		b.WriteString("solution")
	case strings.HasPrefix(g.Budget, "nodes "):
		n, err := strconv.ParseUint(strings.TrimPrefix(g.Budget, "nodes "), 10, 64)
		if err != nil {
			return
		}
		b.WriteString("n" + strconv.FormatUint(n, 10))
	default:
		return
	}
	for i, p := range g.Plies {
		if p.Move != r.Moves[i] {
			return
		}
		b.WriteByte(' ')
		if p.Best == p.Move {
			b.WriteByte('=')
		} else {
			b.WriteString(p.Best.Notation(r.Variant))
		}
		b.WriteByte(':')
		b.WriteString(valueWord(p.before, p.Before))
		b.WriteByte(':')
		b.WriteString(valueWord(p.after, p.After))
	}
	r.Tags = append(r.Tags, record.Tag{Name: TagName, Value: b.String()})
}

// valueWord writes a value; a ply made by hand has only its chances.
func valueWord(v value, pct int) string {
	switch v.kind {
	case win:
		return "w" + strconv.Itoa(v.n)
	case loss:
		return "l" + strconv.Itoa(v.n)
	case draw:
		return "d"
	case chances:
		return strconv.Itoa(v.n)
	}
	return strconv.Itoa(min(100, max(0, pct)))
}

// parseValue reads a value word.
func parseValue(s string) (value, bool) {
	if s == "d" {
		return value{draw, 0}, true
	}
	k := chances
	if s != "" && (s[0] == 'w' || s[0] == 'l') {
		k = win
		if s[0] == 'l' {
			k = loss
		}
		s = s[1:]
	}
	if s == "" || len(s) > 5 || (len(s) > 1 && s[0] == '0') {
		return value{}, false
	}
	n := 0
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return value{}, false
		}
		n = n*10 + int(c-'0')
	}
	switch {
	case k == chances && n > 100:
		return value{}, false
	case k != chances && (n < 1 || n > maxPliesValue):
		return value{}, false
	}
	return value{k, n}, true
}

// Of returns the analysis kept in a record, and whether it had one that
// matches its moves. A record whose analysis does not match its moves, or
// is malformed, has none (the game still loads).
func Of(r *record.Record) (*Game, bool) {
	var text string
	found := false
	for _, t := range r.Tags {
		if t.Name == TagName {
			if found {
				return nil, false // two analyses: trust neither
			}
			text, found = t.Value, true
		}
	}
	if !found {
		return nil, false
	}
	g, err := parseTag(r, text)
	if err != nil {
		return nil, false
	}
	return g, true
}

// parseTag reads the tag's value against the record's moves.
func parseTag(r *record.Record, text string) (*Game, error) {
	words := strings.Split(text, " ")
	if len(words) < 3 || words[0] != tagVersion {
		return nil, fmt.Errorf("not an analysis of version %s", tagVersion)
	}
	start := r.StartPosition()
	if start.Variant() != r.Variant {
		return nil, fmt.Errorf("the start position is not of the variant")
	}
	if words[1] != movesHash(r.Variant, start, r.Moves) {
		return nil, fmt.Errorf("the analysis is of other moves")
	}
	var name string
	switch w := words[2]; {
	case w == "solution":
		name = w
	case len(w) > 1 && w[0] == 'n' && w[1] != '0':
		n, err := strconv.ParseUint(w[1:], 10, 64)
		if err != nil || strconv.FormatUint(n, 10) != w[1:] {
			return nil, fmt.Errorf("bad budget %q", w)
		}
		name = budget(n)
	default:
		return nil, fmt.Errorf("bad budget %q", w)
	}
	plies := words[3:]
	if len(plies) != len(r.Moves) {
		return nil, fmt.Errorf("%d plies for %d moves", len(plies), len(r.Moves))
	}
	out := make([]Ply, len(plies))
	p := start
	for i, w := range plies {
		parts := strings.Split(w, ":")
		if len(parts) != 3 {
			return nil, fmt.Errorf("ply %d: %q", i+1, w)
		}
		m := r.Moves[i]
		best := m
		if parts[0] != "=" {
			var err error
			if best, err = rules.ParseMove(r.Variant, parts[0]); err != nil {
				return nil, err
			}
			if err := p.CheckMove(best); err != nil {
				return nil, err
			}
		}
		before, ok1 := parseValue(parts[1])
		after, ok2 := parseValue(parts[2])
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("ply %d: bad value", i+1)
		}
		if err := p.CheckMove(m); err != nil {
			return nil, err
		}
		out[i] = Ply{Move: m, Best: best, before: before, after: after}
		p = p.Play(m)
	}
	return finish(r.Variant, start.SideToMove(), out, name), nil
}
