package main

import (
	"strings"
	"testing"
)

func TestOnlineFlagsRefuseWhatCannotWork(t *testing.T) {
	tests := []struct {
		name                              string
		host, variant, colour, join, code string
		want                              string
	}{
		{"host and join at once", ":0", "classic", "orange", "1.2.3.4:7777", "", "cannot be used together"},
		{"an unknown variant", "127.0.0.1:0", "chess", "orange", "", "", "--variant"},
		{"a colour that is not in the game", "127.0.0.1:0", "classic", "green", "", "", "--colour"},
		{"a code without an address", "", "classic", "orange", "", "K3QD-0M8Z-P", "--code needs --join"},
		{"a room code with a typo", "", "classic", "orange", "7K3Q-D0M8", "", "room code"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := onlineStart(tt.host, tt.variant, tt.colour, tt.join, tt.code)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one mentioning %q", err, tt.want)
			}
		})
	}
}

func TestHostFlagOpensARoom(t *testing.T) {
	o, err := onlineStart("127.0.0.1:0", "gobblers", "blue", "", "")
	if err != nil {
		t.Fatal(err)
	}
	defer o.Session.Close()
	if !o.Host || o.Variant.String() != "gobblers" || o.Colour.String() != "o" {
		t.Errorf("--host 127.0.0.1:0 --variant gobblers --colour blue gave %+v", o)
	}
}

func TestNoOnlineFlagsOpenTheMenu(t *testing.T) {
	if o, err := onlineStart("", "classic", "orange", "", ""); o != nil || err != nil {
		t.Errorf("no online flags: %v %v, want nothing", o, err)
	}
}
