package serve

import (
	"crypto/subtle"
	"errors"

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
// nothing at all, for a client without a key. Every wrong passphrase
// counts against its address's budget and waits (throttle), the client
// told why in an authentication banner, which ssh prints; the right
// passphrase is never refused. conns learns which connections have
// authenticated (limits.go).
func withAuth(passphrase string, thr *throttle, conns *connTracker) []ssh.Option {
	want := []byte(passphrase)
	right := func(password []byte) bool { return subtle.ConstantTimeCompare(password, want) == 1 }
	keyed := func(fingerprint string) *gossh.Permissions {
		return &gossh.Permissions{Extensions: map[string]string{keyExtension: fingerprint}}
	}
	config := func(ctx ssh.Context) *gossh.ServerConfig {
		// (The context has no address yet: the connection tracker has.)
		var host string
		if c := connOf(ctx); c != nil {
			host = c.host
		}
		return &gossh.ServerConfig{
			// As OpenSSH's MaxAuthTries: the connection closes after
			// this many failed methods.
			MaxAuthTries: maxAuthTries,
			// The connection before it authenticates: what tells a
			// client why its wrong passphrase waits.
			PreAuthConnCallback: func(c gossh.ServerPreAuthConn) { ctx.SetValue(ctxPreAuth, c) },
			PublicKeyCallback: func(gossh.ConnMetadata, gossh.PublicKey) (*gossh.Permissions, error) {
				return nil, nil
			},
			VerifiedPublicKeyCallback: func(_ gossh.ConnMetadata, key gossh.PublicKey, _ *gossh.Permissions, _ string) (*gossh.Permissions, error) {
				perms := keyed(gossh.FingerprintSHA256(key))
				if passphrase == "" {
					conns.authenticated(ctx)
					return perms, nil
				}
				// The key says who; the passphrase still says whether.
				return nil, &gossh.PartialSuccessError{Next: gossh.ServerAuthCallbacks{
					PasswordCallback: func(_ gossh.ConnMetadata, password []byte) (*gossh.Permissions, error) {
						if !right(password) {
							thr.fail(host, banner(ctx))
							return nil, errors.New("wrong passphrase")
						}
						conns.authenticated(ctx)
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
		return append(opts, ssh.KeyboardInteractiveAuth(func(ctx ssh.Context, _ gossh.KeyboardInteractiveChallenge) bool {
			conns.authenticated(ctx)
			return true
		}))
	}
	return append(opts, ssh.PasswordAuth(func(ctx ssh.Context, password string) bool {
		if !right([]byte(password)) {
			thr.fail(hostOf(ctx.RemoteAddr().String()), banner(ctx))
			return false
		}
		conns.authenticated(ctx)
		return true
	}))
}

// maxAuthTries is how many authentication methods a connection may try
// and fail (a key offered and not taken counts as one).
const maxAuthTries = 6

// ctxPreAuth keys a connection's gossh.ServerPreAuthConn in its context.
const ctxPreAuth contextKey = "ndcg-explorer pre-auth"

// banner is how the throttle tells the client of the connection ctx why
// it waits: an authentication banner, which OpenSSH prints as it comes.
func banner(ctx ssh.Context) func(string) {
	c, _ := ctx.Value(ctxPreAuth).(gossh.ServerPreAuthConn)
	if c == nil {
		return nil
	}
	return func(msg string) { _ = c.SendAuthBanner(msg + "\r\n") }
}

// sessionKey is the fingerprint of the key the session's client proved
// it holds, or "" when it offered none.
func sessionKey(sess ssh.Session) string {
	if p := sess.Permissions(); p.Permissions != nil {
		return p.Extensions[keyExtension]
	}
	return ""
}
