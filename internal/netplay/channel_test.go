package netplay

import (
	"bytes"
	"crypto/hmac"
	"testing"
)

// greetBoth runs both sides' key exchange and key confirmation with the
// given passwords and returns their keys.
func greetBoth(t testing.TB, pwInviter, pwInvited string) (a, b relayKeys) {
	t.Helper()
	helloA := append([]byte{frameHello, relayVersion, roleInviter}, make([]byte, 16)...)
	helloB := append([]byte{frameHello, relayVersion, roleInvited}, bytes.Repeat([]byte{1}, 16)...)
	sid := prefixFreeCat([]byte("ROOM0000"), helloA[3:], helloB[3:])
	ca, err := newCPace([]byte(pwInviter), relayCI, sid, roleAD(true))
	if err != nil {
		t.Fatal(err)
	}
	cb, err := newCPace([]byte(pwInvited), relayCI, sid, roleAD(false))
	if err != nil {
		t.Fatal(err)
	}
	iskA, errA := ca.finish(cb.msg, roleAD(false), true)
	iskB, errB := cb.finish(ca.msg, roleAD(true), false)
	if errA != nil || errB != nil {
		t.Fatalf("finish: %v, %v", errA, errB)
	}
	a, _ = deriveKeys(iskA, helloA, helloB, ca.msg, cb.msg)
	b, _ = deriveKeys(iskB, helloA, helloB, ca.msg, cb.msg)
	return a, b
}

func TestTheKeyExchangeAgreesOnlyOnTheSamePassword(t *testing.T) {
	a, b := greetBoth(t, "K3QD0M8Z", "K3QD0M8Z")
	if !hmac.Equal(a.confirmTag(true), b.confirmTag(true)) || !hmac.Equal(a.confirmTag(false), b.confirmTag(false)) {
		t.Fatalf("the same password gave different confirmations")
	}
	if bytes.Equal(a.sealInviter, a.sealInvited) || bytes.Equal(a.confirmTag(true), a.confirmTag(false)) {
		t.Fatalf("the two directions share a key: a reflected message would pass")
	}
	// One character off: the confirmations differ, so each side sees it.
	a, b = greetBoth(t, "K3QD0M8Z", "K3QD0M8Y")
	if hmac.Equal(a.confirmTag(true), b.confirmTag(true)) || hmac.Equal(a.confirmTag(false), b.confirmTag(false)) {
		t.Fatalf("different passwords gave the same confirmation")
	}
	if bytes.Equal(a.sealInviter, b.sealInviter) {
		t.Fatalf("different passwords gave the same key")
	}
}

// A relay that sends a side's own share back to it (a reflection) is
// refused: the associated data names the other role.
func TestAReflectedShareIsRefused(t *testing.T) {
	cp, err := newCPace([]byte("K3QD0M8Z"), relayCI, []byte("sid"), roleAD(true))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cp.finish(cp.msg, roleAD(false), true); err == nil {
		t.Fatalf("a reflected share was accepted")
	}
}

func channels(t testing.TB) (ab, ba *channel) {
	a, b := greetBoth(t, "K3QD0M8Z", "K3QD0M8Z")
	ab, err := newChannel(a.sealInviter, a.sealInvited)
	if err != nil {
		t.Fatal(err)
	}
	ba, err = newChannel(b.sealInvited, b.sealInviter)
	if err != nil {
		t.Fatal(err)
	}
	return ab, ba
}

func TestSealedMessagesArriveOnlyAsSentAndInOrder(t *testing.T) {
	send, recv := channels(t)
	f0, f1, f2 := send.seal([]byte("move 1 4@b2")), send.seal([]byte("ping")), send.seal([]byte("move 3 a1-b2"))
	if bytes.Contains(f0, []byte("4@b2")) {
		t.Fatalf("a sealed message can be read: %q", f0)
	}
	if got, err := recv.open(f0); err != nil || string(got) != "move 1 4@b2" {
		t.Fatalf("open: %q, %v", got, err)
	}
	for _, tc := range []struct {
		name  string
		frame []byte
		want  error
	}{
		{"replayed", f0, errReplayed},
		{"reordered", f2, errSkipped},
		{"cut short", f1[:sealedOverhead-1], errCutShort},
		{"truncated", f1[:len(f1)-1], errTampered},
		{"empty", nil, errCutShort},
		{"not sealed", append([]byte{frameHello}, f1[1:]...), errCutShort},
		{"its number changed", append([]byte{frameSealed, 0, 0, 0, 0, 0, 0, 0, 2}, f1[9:]...), errTampered},
		{"from the other direction", func() []byte { _, back := channels(t); return back.seal([]byte("ping")) }(), errTampered},
	} {
		if _, err := recv.open(tc.frame); err != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
	for i := range f1 {
		bad := append([]byte(nil), f1...)
		bad[i] ^= 1
		if _, err := recv.open(bad); err == nil {
			t.Fatalf("a message changed at byte %d was opened", i)
		}
	}
	// Nothing refused was counted: the next message still opens.
	if got, err := recv.open(f1); err != nil || string(got) != "ping" {
		t.Fatalf("after the refusals: %q, %v", got, err)
	}
	// Our own message sent back to us (reflected) does not open.
	back, _ := channels(t)
	if _, err := send.open(back.seal([]byte("ping"))); err == nil {
		t.Fatalf("a reflected message opened")
	}
}

func FuzzSealedMessage(f *testing.F) {
	send, _ := channels(f)
	f.Add(send.seal([]byte("ping")))
	f.Add([]byte{frameSealed})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, frame []byte) {
		_, recv := channels(t)
		if got, err := recv.open(frame); err == nil {
			t.Fatalf("a frame not sealed with the key opened: %x → %q", frame, got)
		}
	})
}

// The other side's share, whatever it is, is refused or gives a key; it
// never panics.
func FuzzCPaceShare(f *testing.F) {
	cp, _ := newCPace([]byte("K3QD0M8Z"), relayCI, []byte("sid"), roleAD(false))
	f.Add(cp.msg)
	f.Add([]byte{})
	f.Add(append([]byte{32}, make([]byte, 32)...))
	f.Add([]byte{0xff, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, share []byte) {
		me, _ := newCPace([]byte("K3QD0M8Z"), relayCI, []byte("sid"), roleAD(true))
		isk, err := me.finish(share, roleAD(false), true)
		if err == nil && len(isk) != 64 {
			t.Fatalf("an ISK of %d bytes", len(isk))
		}
	})
}

// The cost of the greeting for one side: its share (the generator from the
// password, a scalar multiplication), the other's share (a decoding and a
// scalar multiplication), the key schedule and both confirmation tags.
func BenchmarkGreetingOneSide(b *testing.B) {
	helloA := append([]byte{frameHello, relayVersion, roleInviter}, make([]byte, 16)...)
	helloB := append([]byte{frameHello, relayVersion, roleInvited}, bytes.Repeat([]byte{1}, 16)...)
	sid := prefixFreeCat([]byte("ROOM0000"), helloA[3:], helloB[3:])
	other, _ := newCPace([]byte("K3QD0M8Z"), relayCI, sid, roleAD(false))
	b.ReportAllocs()
	for b.Loop() {
		me, err := newCPace([]byte("K3QD0M8Z"), relayCI, sid, roleAD(true))
		if err != nil {
			b.Fatal(err)
		}
		isk, err := me.finish(other.msg, roleAD(false), true)
		if err != nil {
			b.Fatal(err)
		}
		keys, _ := deriveKeys(isk, helloA, helloB, me.msg, other.msg)
		keys.confirmTag(true)
		keys.confirmTag(false)
		if _, err := newChannel(keys.sealInviter, keys.sealInvited); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSealAndOpenAMove(b *testing.B) {
	send, recv := channels(b)
	msg := []byte("move 12 a1-b2")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := recv.open(send.seal(msg)); err != nil {
			b.Fatal(err)
		}
	}
}
