package main

import (
	"strings"
	"testing"
)

func TestOnlineFlagsRefuseWhatCannotWork(t *testing.T) {
	tests := []struct {
		name string
		args onlineArgs
		want string
	}{
		{"host and join at once", onlineArgs{host: ":0", join: "1.2.3.4:7777"}, "cannot be used together"},
		{"invite and join at once", onlineArgs{invite: true, join: "ABCD-EFGH-JKMN-PQRS", server: "localhost:1"}, "cannot be used together"},
		{"invite and host at once", onlineArgs{invite: true, host: ":0"}, "cannot be used together"},
		{"an unknown variant", onlineArgs{host: "127.0.0.1:0", variant: "chess", colour: "orange"}, "--variant"},
		{"an unknown variant to invite", onlineArgs{invite: true, variant: "chess", colour: "orange", server: "localhost:1"}, "--variant"},
		{"a colour that is not in the game", onlineArgs{host: "127.0.0.1:0", variant: "classic", colour: "green"}, "--colour"},
		{"a code without an address", onlineArgs{variant: "classic", colour: "orange", code: "K3QD-0M8Z-P"}, "--code needs --join"},
		{"a room code with a typo", onlineArgs{variant: "classic", colour: "orange", join: "7K3Q-D0M8"}, "room code"},
		{"an invitation without a server", onlineArgs{invite: true, variant: "classic", colour: "orange"}, "--server"},
		{"an invitation on a server that is no address", onlineArgs{invite: true, variant: "classic", colour: "orange", server: "ftp://x"}, "--server"},
		{"an invitation code without a server", onlineArgs{join: "ABCD-EFGH-JKMN-PQRS"}, "--server"},
		{"an invitation with a secret", onlineArgs{join: "https://play.example.org/#ABCD-EFGH-JKMN-PQRS", code: "K3QD-0M8Z-P"}, "--code"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := onlineStart(tt.args)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one mentioning %q", err, tt.want)
			}
		})
	}
}

func TestHostFlagOpensARoom(t *testing.T) {
	o, err := onlineStart(onlineArgs{host: "127.0.0.1:0", variant: "gobblers", colour: "blue"})
	if err != nil {
		t.Fatal(err)
	}
	defer o.Session.Close()
	if !o.Host || o.Relay || o.Variant.String() != "gobblers" || o.Colour.String() != "o" {
		t.Errorf("--host 127.0.0.1:0 --variant gobblers --colour blue gave %+v", o)
	}
}

func TestNoOnlineFlagsOpenTheMenu(t *testing.T) {
	if o, err := onlineStart(onlineArgs{variant: "classic", colour: "orange", server: "play.example.org"}); o != nil || err != nil {
		t.Errorf("no online flags: %v %v, want nothing", o, err)
	}
}

// --join tells an invitation (a link, or a 16-character code) from a room
// on this network: the invitation goes to the online server, the room
// code to the host's address.
func TestJoinFlagTellsAnInvitationFromARoomOnThisNetwork(t *testing.T) {
	for _, tt := range []struct {
		join   string
		server string
		relay  bool
	}{
		{"https://play.example.org/#ABCD-EFGH-JKMN-PQRS", "", true},
		{"abcdefghjkmnpqrs", "localhost:1", true},
		{"ABCD EFGH JKMN PQRS", "localhost:1", true},
	} {
		o, err := onlineStart(onlineArgs{join: tt.join, server: tt.server})
		if err != nil {
			// the relay client may refuse the made-up code; it must not be
			// taken for a room on this network
			if strings.Contains(err.Error(), "room code") {
				t.Errorf("--join %q was read as a room on this network: %v", tt.join, err)
			}
			continue
		}
		o.Session.Close()
		if o.Relay != tt.relay || o.Host {
			t.Errorf("--join %q gave relay %v host %v", tt.join, o.Relay, o.Host)
		}
	}
}
