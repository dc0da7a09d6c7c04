package netplay

import (
	"bytes"
	"crypto/sha512"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/gtank/ristretto255"
)

func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.Join(strings.Fields(s), ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The test vectors of draft-irtf-cfrg-cpace-21 for CPACE-RISTR255-SHA512
// (appendix B.3): the generator string and its hash, the generator, both
// shares, K and the initiator/responder ISK. (An older revision of the
// draft printed a generator that does not follow from its own hash; the
// later one is consistent, and RFC 9496's element derivation gives it.)
func TestCPaceMatchesTheDraftsTestVectors(t *testing.T) {
	prs := []byte("Password")
	ci := unhex(t, "0b415f696e69746961746f720b425f726573706f6e646572")
	sid := unhex(t, "7e4b4791d6a8ef019b936c79fb7f2c57")
	wantString := append(unhex(t, "11435061636552697374726574746f3235350850617373776f726464"), make([]byte, 100)...)
	wantString = append(wantString, unhex(t, "180b415f696e69746961746f720b425f726573706f6e646572107e4b4791d6a8ef019b936c79fb7f2c57")...)
	gs := generatorString(prs, ci, sid)
	if !bytes.Equal(gs, wantString) {
		t.Fatalf("generator string\n got %x\nwant %x", gs, wantString)
	}
	if h := sha512.Sum512(gs); !bytes.Equal(h[:], unhex(t, "da6d3ddc8802fca9058755ffd3ebde08a9c2c74945901a258482a288b6663af06bf645c93cd1c51512307199c80e84908916d983b34af77205f90851a657ee27")) {
		t.Fatalf("generator hash %x", h)
	}
	g := cpaceGenerator(prs, ci, sid).Encode(nil)
	if want := unhex(t, "222b6b195fe84b1652badb6f6a3ae3d24341e7306967f0b8115b40d5698c7e56"); !bytes.Equal(g, want) {
		t.Fatalf("generator %x, want %x", g, want)
	}
	scalar := func(s string) *ristretto255.Scalar {
		y := ristretto255.NewScalar()
		if err := y.Decode(unhex(t, s)); err != nil {
			t.Fatal(err)
		}
		return y
	}
	a := newCPaceWith(prs, ci, sid, []byte("ADa"), scalar("da3d23700a9e5699258aef94dc060dfda5ebb61f02a5ea77fad53f4ff0976d08"))
	b := newCPaceWith(prs, ci, sid, []byte("ADb"), scalar("d2316b454718c35362d83d69df6320f38578ed5984651435e2949762d900b80d"))
	transcript := unhex(t, "20d6bac480f2c386c394efc7c47adb9925dcd2630b64f240c50f8d0eec482b915703414461203ea7e0b19560d7c0b0f5734f63b955286dfa8232b5ebe63324e2d9e7433f725803414462")
	if got := append(append([]byte{}, a.msg...), b.msg...); !bytes.Equal(got, transcript) {
		t.Fatalf("MSGa||MSGb\n got %x\nwant %x", got, transcript)
	}
	k, err := scalarMultVfy(a.y, b.msg[1:33])
	if want := unhex(t, "80b69a8a76457ab6a4d7f887a4bf6b55a2f80ac19c333f917a05fc9887c8b40f"); err != nil || !bytes.Equal(k, want) {
		t.Fatalf("K %x (%v), want %x", k, err, want)
	}
	want := unhex(t, "b69effbf61b51d56401c0f65601abe428de8206feaaf0e32198896dcae7b35cd2b38950a39dfd5d4a79164614c2984f7daa460b588c1e80c3fa2068af7900447")
	iskA, errA := a.finish(b.msg, []byte("ADb"), true)
	iskB, errB := b.finish(a.msg, []byte("ADa"), false)
	if errA != nil || errB != nil || !bytes.Equal(iskA, want) || !bytes.Equal(iskB, want) {
		t.Fatalf("ISK %x (%v) and %x (%v), want %x", iskA, errA, iskB, errB, want)
	}
}

// The draft's scalar_mult test and its invalid inputs: an encoding that
// does not decode, and the identity, both abort.
func TestCPaceRefusesInvalidAndIdentityShares(t *testing.T) {
	y := ristretto255.NewScalar()
	if err := y.Decode(unhex(t, "7cd0e075fa7955ba52c02759a6c90dbbfc10e6d40aea8d283e407d88cf538a05")); err != nil {
		t.Fatal(err)
	}
	got, err := scalarMultVfy(y, unhex(t, "2c3c6b8c4f3800e7aef6864025b4ed79bd599117e427c41bd47d93d654b4a51c"))
	if want := unhex(t, "7c13645fe790a468f62c39beb7388e541d8405d1ade69d1778c5fe3e7f6b600e"); err != nil || !bytes.Equal(got, want) {
		t.Fatalf("scalar_mult_vfy %x (%v), want %x", got, err, want)
	}
	for _, bad := range []string{
		"2b3c6b8c4f3800e7aef6864025b4ed79bd599117e427c41bd47d93d654b4a51c",
		"0000000000000000000000000000000000000000000000000000000000000000",
	} {
		if _, err := scalarMultVfy(y, unhex(t, bad)); err != errWeakShare {
			t.Errorf("scalar_mult_vfy of %s: %v, want %v", bad, err, errWeakShare)
		}
	}
	// The draft's examples of messages whose lengths do not add up.
	for _, bad := range []string{"ffffff", "ffff03", "00ffff03", "00ffffff"} {
		if _, err := splitPrefixFree(unhex(t, bad), 2); err == nil {
			t.Errorf("message %s was read", bad)
		}
	}
}

func TestPrefixFreeEncodingMatchesTheDraft(t *testing.T) {
	if got := prefixFreeCat([]byte("1234"), []byte("5"), nil, []byte("6789")); !bytes.Equal(got, unhex(t, "04313233340135000436373839")) {
		t.Errorf("prefix_free_cat: %x", got)
	}
	long := make([]byte, 128)
	for i := range long {
		long[i] = byte(i)
	}
	if got := prependLen(nil, long); got[0] != 0x80 || got[1] != 0x01 || len(got) != 130 {
		t.Errorf("prepend_len of 128 bytes starts %x", got[:2])
	}
}
