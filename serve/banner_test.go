package serve

import (
	"net"
	"testing"

	"github.com/stretchr/testify/assert"
)

// On every interface, attendees are told this machine's address on the
// room's network when it has one, and to pick the room's among several.
func TestBannerNamesTheRoomsAddress(t *testing.T) {
	defer func(f func() ([]net.Addr, error)) { interfaceAddrs = f }(interfaceAddrs)
	interfaceAddrs = func() ([]net.Addr, error) {
		return []net.Addr{
			&net.IPNet{IP: net.IPv4(127, 0, 0, 1), Mask: net.CIDRMask(8, 32)},
			&net.IPNet{IP: net.IPv4(192, 168, 1, 23), Mask: net.CIDRMask(24, 32)},
			&net.IPNet{IP: net.ParseIP("fe80::1"), Mask: net.CIDRMask(64, 128)},
			&net.IPNet{IP: net.IPv4(169, 254, 3, 4), Mask: net.CIDRMask(16, 32)},
		}, nil
	}
	s, _ := startServer(t, Config{Passphrase: "tea"})
	every := &net.TCPAddr{IP: net.IPv6unspecified, Port: 23234}
	assert.Equal(t, "ssh -p 23234 192.168.1.23", ConnectCommand(every))
	assert.Contains(t, s.Banner(every), "attendees type: ssh -p 23234 192.168.1.23 (this machine's address; its name works too)")

	// Two addresses: attendees are told to pick the room's.
	interfaceAddrs = func() ([]net.Addr, error) {
		return []net.Addr{
			&net.IPNet{IP: net.IPv4(192, 168, 1, 23), Mask: net.CIDRMask(24, 32)},
			&net.IPNet{IP: net.IPv4(172, 17, 0, 1), Mask: net.CIDRMask(16, 32)},
		}, nil
	}
	assert.Equal(t, "ssh -p 23234 HOST", ConnectCommand(every))
	assert.Contains(t, s.Banner(every),
		"attendees type: ssh -p 23234 HOST (HOST: this machine's address on the room's network, one of 192.168.1.23, 172.17.0.1)")
}
