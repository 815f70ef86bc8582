package serve

import (
	"crypto/subtle"
	"errors"
	"net"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// How the server knows who connects. In a computer lab every machine
// may log in under one name (student) behind one address, so the SSH
// user name and the address do not tell attendees apart; a public key
// does. The server therefore asks for one, accepting any key: it
// authorises no one (the passphrase does that, when there is one) but
// tells one attendee from another, and their return from a newcomer's
// arrival. A client without a key still gets in: with no passphrase by
// keyboard-interactive with no question (OpenSSH asks nothing), with
// one by the passphrase alone, as before.
//
// The key is recorded only once the client has proved it holds it
// (VerifiedPublicKeyCallback): a public key offered and not signed for
// is anyone's to offer.

// keyExtension is where a connection's permissions carry the SHA256
// fingerprint of the key the client signed with.
const keyExtension = "ndcg-explorer-key"

// withAuth sets the server's authentication: any key, proved, with the
// passphrase after it when there is one; the passphrase alone, or
// nothing at all, for a client without a key. badPassphrase is told of
// each wrong passphrase.
func withAuth(passphrase string, badPassphrase func(user string, addr net.Addr)) []ssh.Option {
	want := []byte(passphrase)
	right := func(password []byte) bool { return subtle.ConstantTimeCompare(password, want) == 1 }
	keyed := func(fingerprint string) *gossh.Permissions {
		return &gossh.Permissions{Extensions: map[string]string{keyExtension: fingerprint}}
	}
	config := func(ssh.Context) *gossh.ServerConfig {
		return &gossh.ServerConfig{
			PublicKeyCallback: func(gossh.ConnMetadata, gossh.PublicKey) (*gossh.Permissions, error) { return nil, nil },
			VerifiedPublicKeyCallback: func(_ gossh.ConnMetadata, key gossh.PublicKey, _ *gossh.Permissions, _ string) (*gossh.Permissions, error) {
				perms := keyed(gossh.FingerprintSHA256(key))
				if passphrase == "" {
					return perms, nil
				}
				// The key says who; the passphrase still says whether.
				return nil, &gossh.PartialSuccessError{Next: gossh.ServerAuthCallbacks{
					PasswordCallback: func(conn gossh.ConnMetadata, password []byte) (*gossh.Permissions, error) {
						if !right(password) {
							badPassphrase(conn.User(), conn.RemoteAddr())
							return nil, errors.New("wrong passphrase")
						}
						return perms, nil
					},
				}}
			},
		}
	}
	opts := []ssh.Option{func(srv *ssh.Server) error {
		srv.ServerConfigCallback = config
		return nil
	}}
	if passphrase == "" {
		// A handler of any kind stops the SSH library from letting
		// every client in at once (the "none" method), before it has
		// offered its key.
		return append(opts, ssh.KeyboardInteractiveAuth(func(ssh.Context, gossh.KeyboardInteractiveChallenge) bool { return true }))
	}
	return append(opts, ssh.PasswordAuth(func(ctx ssh.Context, password string) bool {
		ok := right([]byte(password))
		if !ok {
			badPassphrase(ctx.User(), ctx.RemoteAddr())
		}
		return ok
	}))
}

// sessionKey is the fingerprint of the key the session's client proved
// it holds, or "" when it offered none.
func sessionKey(sess ssh.Session) string {
	if p := sess.Permissions(); p.Permissions != nil {
		return p.Extensions[keyExtension]
	}
	return ""
}
