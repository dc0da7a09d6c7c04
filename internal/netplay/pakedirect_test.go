package netplay

import (
	"crypto/hmac"
	"strings"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// Someone who takes the host's place gets nothing to test codes against
// offline (the README's old "One limit"): a host that greets the version 3
// way gets no proof at all, and a host that runs the key exchange with a
// guess gets a tag that checks that one guess only: recomputed from what
// it saw, even the right code does not give the joiner's tag.
func TestFakeHostGetsNothingToGuessAgainst(t *testing.T) {
	t.Run("a host that greets the version 3 way", func(t *testing.T) {
		heard := make(chan []string, 1)
		code := fakeHost(t, func(l *link, _ Secret) {
			var lines []string
			line, _ := readLine(l.r)
			lines = append(lines, line)
			l.conn.Write([]byte("challenge 00112233445566778899aabbccddeeff\n"))
			l.conn.SetReadDeadline(time.Now().Add(waitLimit))
			for {
				line, err := readLine(l.r)
				if err != nil {
					break
				}
				lines = append(lines, line)
			}
			heard <- lines
		})
		j := join(t, JoinConfig{Code: code.String()})
		d := await[Disconnected](t, j)
		if !strings.Contains(d.Reason, "older version") {
			t.Errorf("the joiner was told %q", d.Reason)
		}
		for _, line := range <-heard {
			if strings.HasPrefix(line, "auth") || strings.HasPrefix(line, "share") {
				t.Errorf("the joiner gave a host that proved nothing %q", line)
			}
		}
	})
	t.Run("a host that guesses", func(t *testing.T) {
		type seen struct {
			hello, challenge, share message
			ok                      bool
		}
		heard := make(chan seen, 1)
		code := fakeHost(t, func(l *link, _ Secret) {
			var s seen
			defer func() { heard <- s }()
			line, _ := readLine(l.r)
			s.hello, _ = parseMessage(line)
			guess, _ := NewSecret()
			var ours [16]byte
			cp, share, _ := startDirectCPace(guess, s.hello.nonce, ours, true)
			s.challenge = message{kind: kindChallenge, nonce: ours, share: &share}
			l.send(s.challenge)
			line, _ = readLine(l.r)
			s.share, _ = parseMessage(line)
			if s.share.kind != kindShare {
				return
			}
			s.ok = true
			if k, err := directKeys(cp, *s.share.share, true, s.challenge.String(), s.hello.String()); err == nil && hmac.Equal(k.confirmTag(false), s.share.mac[:]) {
				t.Error("the joiner's tag matched a wrong guess")
			}
		})
		j := join(t, JoinConfig{Code: code.String()})
		await[Disconnected](t, j)
		s := <-heard
		if !s.ok {
			t.Fatalf("the joiner sent no share: %+v", s.share)
		}
		// Offline, with the right code and a fresh key of its own, the
		// fake host still cannot reproduce the joiner's tag.
		cp, _, err := startDirectCPace(code.Secret, s.hello.nonce, s.challenge.nonce, true)
		if err != nil {
			t.Fatal(err)
		}
		k, err := directKeys(cp, *s.share.share, true, s.challenge.String(), s.hello.String())
		if err == nil && hmac.Equal(k.confirmTag(false), s.share.mac[:]) {
			t.Error("the right code checked offline against the joiner's tag")
		}
	})
}

// A version 4 host and joiner agree on everything: the game starts, and
// lines are sealed with AES-GCM (no line of the game is readable text).
func TestVersion4SealsTheGame(t *testing.T) {
	h := host(t, rules.Classic, rules.X, testLimits)
	p, v, me := joinRaw(t, h)
	if v != rules.Classic || me != rules.O {
		t.Fatalf("started %v as %v", v, me)
	}
	if _, ok := p.l.seal.(gcmSealing); !ok {
		t.Fatalf("the game is sealed with %T", p.l.seal)
	}
	await[Started](t, h)
	first, _ := rules.ParseMove(rules.Classic, "4@b2")
	h.SendMove(first)
	p.l.conn.SetReadDeadline(time.Now().Add(waitLimit))
	for {
		line, err := readLine(p.l.r)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(line, " ") { // base64 has no spaces; every plain line of the game has
			t.Fatalf("a line of the game reads %q", line)
		}
		plain, err := p.l.seal.open(line)
		if err != nil {
			t.Fatal(err)
		}
		if plain == "move 1 4@b2" {
			return
		}
	}
}
