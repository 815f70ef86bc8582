package serve

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Defaults of the serve command's flags.
const (
	DefaultListen      = "127.0.0.1:23234"
	DefaultMaxSessions = 100
	DefaultIdleTimeout = time.Hour
	DefaultMaxItems    = 10_000
)

// Config is everything a server needs.
type Config struct {
	// Listen is the address to listen on (host:port).
	Listen string
	// HostKeyPath is the server's private key; it is generated there
	// (mode 0600) when missing. Empty: DefaultHostKeyPath.
	HostKeyPath string
	// MaxSessions is the most sessions at once; the next is told the
	// room is full.
	MaxSessions int
	// IdleTimeout closes a connection with no traffic for that long.
	IdleTimeout time.Duration
	// Passphrase, when not empty, is the password every attendee types.
	// Empty: anyone who reaches the port gets in.
	Passphrase string
	// MaxItems is the most items a session's list may have.
	MaxItems int

	// Doc and Settings are the list every session starts on (each
	// session gets its own copy).
	Doc      *listio.Document
	Settings ndcg.Settings
	ASCII    bool
	Seed     int64
	// Present starts the instructor's explorer on the dashboard in
	// projector mode (R switches); attendees' explorers start as usual.
	Present bool
	// Workshop is the workshop's name ("IR course, week 3"): each
	// attendee's first frame welcomes them to it, and the room's page
	// and the dashboard's window title carry it. Empty: none.
	Workshop string

	// FailDelay, FailBudget, FailWindow and Penalty throttle failed
	// attempts (wrong passphrases, resume codes that find no list) per
	// address: each waits FailDelay (negative: none), and an address with
	// FailBudget of them within FailWindow is refused for Penalty. Zero:
	// the Default values.
	FailDelay  time.Duration
	FailBudget int
	FailWindow time.Duration
	Penalty    time.Duration
	// LoginGrace is how long a connection has to authenticate, and then
	// to open a session; MaxStartups is the most connections not yet
	// authenticated at once. Zero: DefaultLoginGrace, MaxSessions + 10.
	LoginGrace  time.Duration
	MaxStartups int

	// Web, when not empty, is an address (host:port) where the room's
	// page is served: a terminal in a browser for attendees without
	// ssh (web.go). NoSSH leaves the SSH listener closed, for a room
	// that joins by the page alone. TLSCert and TLSKey serve the page
	// over https.
	Web             string
	NoSSH           bool
	TLSCert, TLSKey string
	// WebHosts are the names the page answers to besides an address,
	// localhost, this machine's name and the certificate's: a reverse
	// proxy's (workshop.example.org). A request naming any other host is
	// refused (DNS rebinding).
	WebHosts []string

	// StateDir is where the room is kept (StateFile): every attendee's
	// name, identity, list and answers, so that a server stopped or
	// killed and started again on it gives them back. Empty: kept in
	// memory only, lost when the server stops.
	StateDir string

	// Log receives one line per event (a session joins, leaves or is
	// refused). It may be called from many goroutines at once; nil
	// drops them.
	Log func(line string)
	// OnChange is called, without blocking, whenever the room changes
	// (a session joins or leaves, an answer arrives, an attendee goes to
	// another view).
	OnChange func()
	// OnFrame is called, without blocking, when the screen an attendee
	// shows the room has a new frame (Room.Share), from their session's
	// goroutine.
	OnFrame func()
}

// DefaultHostKeyPath is where the host key lives when --host-key is not
// given: under the user's configuration directory, so attendees see
// the same fingerprint from one workshop to the next.
func DefaultHostKeyPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no configuration directory to keep the host key in (%v): give one with --host-key", err)
	}
	return filepath.Join(dir, "ndcg-explorer", "ssh_host_ed25519_key"), nil
}

// MaxWorkshop is the longest workshop name, in characters: it shares an
// 80-column line with the attendee's name in their welcome.
const MaxWorkshop = 40

// checkWorkshop refuses a workshop name that would not read as one on
// every attendee's screen: too long, or with control characters.
func checkWorkshop(name string) error {
	switch {
	case !termsafe.Clean(name) || strings.ContainsAny(name, "\n\r\t"):
		return fmt.Errorf("--workshop %s holds control characters: give it in plain words", termsafe.Quote(name))
	case utf8.RuneCountInString(name) > MaxWorkshop:
		return fmt.Errorf("--workshop is %d characters: give it in %d or fewer (it opens every attendee's welcome line)", utf8.RuneCountInString(name), MaxWorkshop)
	}
	return nil
}
