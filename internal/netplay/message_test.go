package netplay

import (
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
)

func TestMessagesRoundTrip(t *testing.T) {
	for _, line := range []string{
		"hello gobblet 2 classic 00112233445566778899aabbccddeeff",
		"hello gobblet 2 any 00112233445566778899aabbccddeeff",
		"hello gobblet 3 00112233445566778899aabbccddeeff",
		"hello gobblet 7 00112233445566778899aabbccddeeff",
		"hello gobblet 1",
		"challenge 00112233445566778899aabbccddeeff",
		"challenge 00112233445566778899aabbccddeeff " + strings.Repeat("1e", 32),
		"share " + strings.Repeat("1e", 32) + " " + strings.Repeat("0f", 32) + " any",
		"share " + strings.Repeat("1e", 32) + " " + strings.Repeat("0f", 32) + " gobblers",
		"hello gobblet 4 00112233445566778899aabbccddeeff",
		"auth " + strings.Repeat("0f", 32),
		"auth " + strings.Repeat("0f", 32) + " any",
		"refuse code",
		"refuse wait",
		"refuse taken",
		"refuse closed",
		"refuse version 4",
		"refuse variant gobblers",
		"start classic x",
		"start gobblers o",
		"move 1 4@b2",
		"move 12 a1-b2",
		"resign 3",
		"draw offer 4",
		"draw accept 4",
		"draw decline 0",
		"rematch 1",
		"ping",
		"bye",
		"bye the room code is wrong; check it and try again",
	} {
		m, err := parseMessage(line)
		if err != nil {
			t.Errorf("parseMessage(%q): %v", line, err)
			continue
		}
		if got := m.String(); got != line {
			t.Errorf("parseMessage(%q).String() = %q", line, got)
		}
	}
}

func TestMalformedMessagesAreRefused(t *testing.T) {
	for _, tc := range []struct{ name, line string }{
		{"empty line", ""},
		{"unknown word", "teleport a1"},
		{"a control byte", "move 1 4@b2\r"},
		{"a byte beyond ASCII", "bye caf\xc3\xa9"},
		{"double space", "move  1 4@b2"},
		{"trailing space", "ping "},
		{"move without ply", "move 4@b2"},
		{"move ply zero", "move 0 4@b2"},
		{"move ply with a sign", "move +1 4@b2"},
		{"move ply with leading zero", "move 01 4@b2"},
		{"move ply too large", "move 9999999999 4@b2"},
		{"move text too long", "move 1 4@b2b2b2"},
		{"hello of another game", "hello chess 1 classic 00112233445566778899aabbccddeeff"},
		{"hello without version", "hello gobblet"},
		{"hello with an unknown variant", "hello gobblet 2 chess 00112233445566778899aabbccddeeff"},
		{"hello with a short challenge", "hello gobblet 2 classic 0011"},
		{"hello with upper-case hex", "hello gobblet 2 classic 00112233445566778899AABBCCDDEEFF"},
		{"auth not hex", "auth " + strings.Repeat("zz", 32)},
		{"start with no colour", "start"},
		{"start without a variant", "start x"},
		{"start of any game", "start any x"},
		{"start as a third player", "start classic z"},
		{"hello of this version with more words", "hello gobblet 3 00112233445566778899aabbccddeeff more"},
		{"hello of a newer version without a nonce", "hello gobblet 4 soon"},
		{"challenge too short", "challenge 0011"},
		{"challenge with a short share", "challenge 00112233445566778899aabbccddeeff 0011"},
		{"share without a variant", "share " + strings.Repeat("1e", 32) + " " + strings.Repeat("0f", 32)},
		{"share without a tag", "share " + strings.Repeat("1e", 32) + " any"},
		{"share in capitals", "share " + strings.Repeat("1E", 32) + " " + strings.Repeat("0f", 32) + " any"},
		{"auth for chess", "auth " + strings.Repeat("0f", 32) + " chess"},
		{"refuse for no reason", "refuse"},
		{"refuse for an unknown reason", "refuse because"},
		{"refuse a variant of any", "refuse variant any"},
		{"refuse a version in words", "refuse version three"},
		{"draw with no verb", "draw 3"},
		{"draw with an unknown verb", "draw maybe 3"},
		{"rematch of game zero", "rematch 0"},
		{"resign with words", "resign now"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if m, err := parseMessage(tc.line); err == nil {
				t.Errorf("parseMessage(%q) = %+v, want an error", tc.line, m)
			}
		})
	}
}

// countingReader hands out up to n bytes of 'a' and counts what was read.
type countingReader struct{ left, read int }

func (r *countingReader) Read(p []byte) (int, error) {
	if r.left == 0 {
		return 0, io.EOF
	}
	n := min(len(p), r.left)
	for i := range p[:n] {
		p[i] = 'a'
	}
	r.left -= n
	r.read += n
	return n, nil
}

func TestA10MBLineIsNeverBuffered(t *testing.T) {
	src := &countingReader{left: 10 << 20}
	_, err := readLine(newLineReader(src))
	if !errors.Is(err, errLineTooLong) {
		t.Fatalf("readLine of a 10 MB line: %v, want errLineTooLong", err)
	}
	if src.read > MaxLine {
		t.Errorf("readLine read %d bytes of a 10 MB line before refusing it, want at most %d", src.read, MaxLine)
	}
}

func TestTheLongestLineFits(t *testing.T) {
	line := "bye " + strings.Repeat("x", MaxLine-5)
	got, err := readLine(newLineReader(strings.NewReader(line + "\n")))
	if err != nil || got != line {
		t.Fatalf("readLine of a %d-byte line: %q, %v", len(line)+1, got, err)
	}
	_, err = readLine(newLineReader(strings.NewReader(line + "x\n")))
	if !errors.Is(err, errLineTooLong) {
		t.Fatalf("readLine of a %d-byte line: %v, want errLineTooLong", len(line)+2, err)
	}
}

func TestByeTextIsMadeSafe(t *testing.T) {
	got := byeText("  two\nlines \x00 and\tmore  " + strings.Repeat("y", 1000))
	if _, err := parseMessage("bye " + got); err != nil {
		t.Fatalf("byeText gave %q, which does not parse: %v", got, err)
	}
	if len("bye "+got)+1 > MaxLine {
		t.Errorf("bye line is %d bytes, over MaxLine", len(got)+5)
	}
}

func FuzzParseMessage(f *testing.F) {
	for _, s := range []string{
		"hello gobblet 2 classic 00112233445566778899aabbccddeeff",
		"hello gobblet 3 anything at all",
		"hello gobblet 4 00112233445566778899aabbccddeeff and more",
		"challenge 00112233445566778899aabbccddeeff",
		"challenge 00112233445566778899aabbccddeeff " + strings.Repeat("1e", 32),
		"share " + strings.Repeat("1e", 32) + " " + strings.Repeat("0f", 32) + " classic",
		"refuse version 4", "refuse variant classic", "start gobblers x",
		"auth " + strings.Repeat("ab", 32),
		"start classic o", "move 3 2@c3", "move 4 a1-a2", "resign 3", "draw offer 2",
		"draw accept 2", "rematch 3", "ping", "bye see you",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		m, err := parseMessage(line)
		if err != nil {
			return
		}
		s := m.String()
		back, err := parseMessage(s)
		if err != nil {
			t.Fatalf("%q parsed, but its encoding %q does not: %v", line, s, err)
		}
		if !reflect.DeepEqual(back, m) {
			t.Fatalf("%q parsed as %+v, encoded %q, read back as %+v", line, m, s, back)
		}
	})
}

func BenchmarkParseMessage(b *testing.B) {
	for b.Loop() {
		if _, err := parseMessage("move 12 a1-b2"); err != nil {
			b.Fatal(err)
		}
	}
}

// open accepts exactly what seal wrote: a line it opens is the sealed form
// of what it returns, and a sealed line with any byte changed is refused.
func FuzzOpenSeal(f *testing.F) {
	var j, h [16]byte
	h[0] = 1
	writer := newSealing(Secret{1, 2, 3, 4, 5}, j, h, true)
	f.Add(writer.seal("move 1 3@b2"), 0)
	f.Add("move 1 3@b2 0011223344556677", 3)
	f.Add("", 0)
	f.Fuzz(func(t *testing.T, line string, flip int) {
		reader := newSealing(Secret{1, 2, 3, 4, 5}, j, h, false)
		body, err := reader.open(line)
		if err != nil {
			return
		}
		again := newSealing(Secret{1, 2, 3, 4, 5}, j, h, true)
		if sealed := again.seal(body); sealed != line {
			t.Fatalf("open(%q) = %q, whose seal is %q", line, body, sealed)
		}
		if len(line) == 0 {
			return
		}
		i := (flip%len(line) + len(line)) % len(line)
		changed := []byte(line)
		changed[i] ^= 0x20
		if _, err := newSealing(Secret{1, 2, 3, 4, 5}, j, h, false).open(string(changed)); err == nil {
			t.Fatalf("%q opened with byte %d changed", changed, i)
		}
	})
}

// A version 4 sealed line opens exactly as sealed: one spelling, and any
// byte changed is refused.
func FuzzOpenGCMSeal(f *testing.F) {
	k := relayKeys{sealInviter: make([]byte, 32), sealInvited: make([]byte, 32)}
	k.sealInvited[0] = 1
	writer, _ := newDirectChannel(k, true)
	f.Add(writer.seal("move 1 3@b2"), 0)
	f.Add("move 1 3@b2 0011223344556677", 3)
	f.Add("", 0)
	f.Fuzz(func(t *testing.T, line string, flip int) {
		reader, _ := newDirectChannel(k, false)
		body, err := reader.open(line)
		if err != nil {
			return
		}
		again, _ := newDirectChannel(k, true)
		if sealed := again.seal(body); sealed != line {
			t.Fatalf("open(%q) = %q, whose seal is %q", line, body, sealed)
		}
		i := (flip%len(line) + len(line)) % len(line)
		changed := []byte(line)
		changed[i] ^= 0x01
		fresh, _ := newDirectChannel(k, false)
		if _, err := fresh.open(string(changed)); err == nil {
			t.Fatalf("%q opened with byte %d changed", changed, i)
		}
	})
}
