package cli

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/ndcg-explorer/ndcg-explorer/serve"
)

func runServe(env *Env, args []string) int {
	fs := newFlagSet(env, "serve", "serve [flags] [FILE|sample:NAME]",
		"Serve the explorer over SSH for a workshop: every attendee types ssh -p PORT HOST\n"+
			"and gets their own explorer on the list (default: the default sample), with\n"+
			"nothing to install. On a terminal, the class dashboard runs here; without one,\n"+
			"events are logged on standard error. Sessions never touch this machine's files.")
	var lf listFlags
	lf.register(fs)
	listen := fs.String("listen", serve.DefaultListen, "address to listen on; :23234 opens it to the room")
	hostKey := fs.String("host-key", "", "the server's SSH key, made on first start (default: under the user's config directory)")
	maxSessions := fs.Int("max-sessions", serve.DefaultMaxSessions, "most sessions at once; the next is told the room is full")
	idle := fs.Duration("idle-timeout", serve.DefaultIdleTimeout, "close a session idle for this long (0: never)")
	passFile := fs.String("passphrase-file", "", "file whose first line is the passphrase attendees type (default: none, anyone who reaches the port gets in)")
	maxItems := fs.Int("max-items", serve.DefaultMaxItems, "most items in a session's list")
	ascii := fs.Bool("ascii", false, "draw bar charts with # and tie brackets with ASCII characters")
	seed := fs.Int64("seed", 0, "seed for the random lists of the quiz (0: from the clock)")
	if code, ok := parse(env, fs, args); !ok {
		return code
	}
	doc, err := lf.load(env, fs.Args(), true)
	if err != nil {
		return fail(env, err)
	}
	s, err := lf.settings(doc)
	if err != nil {
		return fail(env, err)
	}
	cfg := serve.Config{
		Listen: *listen, HostKeyPath: *hostKey, MaxSessions: *maxSessions, IdleTimeout: *idle,
		MaxItems: *maxItems, Doc: doc, Settings: s, ASCII: *ascii, Seed: *seed,
	}
	if *passFile != "" {
		if cfg.Passphrase, err = serve.ReadPassphrase(*passFile); err != nil {
			return fail(env, err)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve.RunPlain(ctx, cfg, env.Stderr); err != nil {
		return fail(env, err)
	}
	return ExitOK
}
