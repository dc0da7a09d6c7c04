package record

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// Marshal returns a record as text that Parse reads back to the same record.
// It first replays the record, so a record that Marshal accepts always loads.
func Marshal(r *Record) ([]byte, error) {
	if _, err := r.Game(); err != nil {
		return nil, fmt.Errorf("write record: %w", err)
	}
	// Never write what Parse refuses: an autosave past the cap would be set
	// aside as unreadable at the next start.
	if n := len(r.Moves) + len(r.Redo); n > MaxPlies || r.MoveLimit > MaxPlies {
		return nil, fmt.Errorf("write record: %d moves or a move limit of %d is more than the %d a record holds", n, r.MoveLimit, MaxPlies)
	}
	tags, err := headerTags(r)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	for _, t := range tags {
		if err := writeTag(&b, t); err != nil {
			return nil, err
		}
	}
	b.WriteByte('\n')
	if err := writeMoves(&b, r); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// headerTags lists the record's tags in the order they are written: the
// format and variant first, the players, the result, then the extra tags.
func headerTags(r *Record) ([]Tag, error) {
	tags := []Tag{
		{"Format", "gobblet " + strconv.Itoa(FormatVersion)},
		{"Variant", r.Variant.String()},
	}
	if !r.Date.IsZero() {
		tags = append(tags, Tag{"Date", r.Date.Format(dateLayouts[0])})
	}
	for side, pl := range r.Players {
		s := strings.ToUpper(rules.Player(side).String())
		for _, t := range []Tag{{s, pl.Kind}, {s + "Name", pl.Name}, {s + "Level", pl.Level}, {s + "Algorithm", pl.Algorithm}} {
			if t.Value != "" {
				tags = append(tags, t)
			}
		}
	}
	switch r.Result.Status {
	case rules.Win:
		reason := "line"
		if r.Result.Reason == rules.Resignation {
			reason = reasonName[rules.Resignation]
		}
		tags = append(tags, Tag{"Result", r.Result.Winner.String() + " wins"}, Tag{"Reason", reason})
	case rules.Draw:
		tags = append(tags, Tag{"Result", "draw"}, Tag{"Reason", reasonName[r.Result.Reason]})
	default:
		tags = append(tags, Tag{"Result", "ongoing"})
	}
	if r.Start != nil {
		tags = append(tags, Tag{"Start", r.Start.String()})
	}
	if r.MoveLimit != 0 {
		tags = append(tags, Tag{"MoveLimit", strconv.Itoa(r.MoveLimit)})
	}
	if r.Mode != "" {
		tags = append(tags, Tag{"Mode", r.Mode})
	}
	if len(r.Redo) > 0 {
		tags = append(tags, Tag{"Redo", notation(r.Variant, r.Redo)})
	}
	for _, t := range r.Tags {
		if _, _, isPlayer := playerTag(t.Name); isPlayer || knownTags[t.Name] || !validName(t.Name) {
			return nil, fmt.Errorf("write record: %q cannot be an extra tag's name", clip(t.Name))
		}
	}
	return append(tags, r.Tags...), nil
}

// writeTag writes one [Name "value"] line, escaping quotes and backslashes;
// a control character would break the line, so it is refused.
func writeTag(b *bytes.Buffer, t Tag) error {
	for _, c := range []byte(t.Value) {
		if c < ' ' || c == 0x7f {
			return fmt.Errorf("write record: tag %s: the value %q has a control character", t.Name, clip(t.Value))
		}
	}
	value := strings.ReplaceAll(t.Value, `\`, `\\`)
	value = strings.ReplaceAll(value, `"`, `\"`)
	fmt.Fprintf(b, "[%s \"%s\"]\n", t.Name, value)
	return nil
}

// writeMoves writes the numbered moves, a line per move pair, with each
// comment in braces after the move it follows (ply 0: before the first).
func writeMoves(b *bytes.Buffer, r *Record) error {
	for ply := range r.Comments {
		if ply < 0 || ply > len(r.Moves) {
			return fmt.Errorf("write record: a comment after move %d, but there are %d moves", ply, len(r.Moves))
		}
	}
	start := r.StartPosition()
	comment := func(ply int) {
		b.WriteString("{" + cleanComment(r.Comments[ply]) + "}")
	}
	if cleanComment(r.Comments[0]) != "" {
		comment(0)
		b.WriteByte('\n')
	}
	for i, m := range r.Moves {
		n, side := moveNumber(&start, i)
		switch {
		case side == rules.X:
			if i > 0 {
				b.WriteByte('\n')
			}
			fmt.Fprintf(b, "%d. ", n)
		case i == 0:
			fmt.Fprintf(b, "%d... ", n)
		case cleanComment(r.Comments[i]) != "":
			fmt.Fprintf(b, " %d... ", n)
		default:
			b.WriteByte(' ')
		}
		b.WriteString(m.Notation(r.Variant))
		if cleanComment(r.Comments[i+1]) != "" {
			b.WriteByte(' ')
			comment(i + 1)
		}
	}
	if len(r.Moves) > 0 {
		b.WriteByte('\n')
	}
	return nil
}

func validName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isNameByte(s[i]) {
			return false
		}
	}
	return true
}

// notation writes moves separated by spaces.
func notation(v rules.Variant, moves []rules.Move) string {
	s := make([]string, len(moves))
	for i, m := range moves {
		s[i] = m.Notation(v)
	}
	return strings.Join(s, " ")
}

// cleanComment puts a comment in the form Parse gives: single spaces, no
// closing brace (it would end the comment early).
func cleanComment(c string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(c, "}", ")")), " ")
}
