package cli

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/ndcg-explorer/ndcg-explorer/learn"
	"github.com/ndcg-explorer/ndcg-explorer/serve"
	"github.com/ndcg-explorer/ndcg-explorer/serve/dashboard"
)

// newServeCmd serves the explorer over SSH for a workshop room.
func newServeCmd(env *Env) *cobra.Command {
	var lf listFlags
	var cfg serve.Config
	var passFile, lesson string
	var forget bool
	cmd := &cobra.Command{
		Use:   "serve [FILE|sample:NAME]",
		Short: "Serve the explorer over SSH for a workshop, with a class dashboard",
		Long: "Serve the explorer over SSH: every attendee types ssh -p PORT HOST and gets their\n" +
			"own explorer on the list (default: the default sample), with nothing to install.\n" +
			"On a terminal, the class dashboard runs here (send the list to the room, quiz\n" +
			"rounds with a live tally); without one, events are logged on standard error.\n" +
			"Sessions never read or write this machine's files: their save keys copy to the\n" +
			"attendee's clipboard, and once they quit, ssh -p PORT NAME+CODE@HOST report (or list)\n" +
			"prints the list they left with (CODE is on their screen; a key works too). The room\n" +
			"is kept in --state-dir: serve again on it after a stop or a crash. ssh -p PORT HOST\n" +
			"accessible gives the explorer in plain lines, for a screen reader, apart from the room.\n" +
			"Other commands, sftp, forwarding and sessions without a terminal are refused.",
		Example: `# on this machine only, to try it: ssh -p 23234 127.0.0.1
ndcg-explorer serve
# open to the room, with a passphrase, on a list of your own
ndcg-explorer serve --listen :23234 --passphrase-file pass.txt lesson.json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return fmt.Errorf("serve takes one list, got %d", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := stateDir(&cfg); err != nil {
				return err
			}
			if forget {
				return forgetRoom(env, cfg.StateDir)
			}
			if lesson != "" {
				// F1 sends the lesson's steps, and the attendees'
				// screens open them, in place of the guided path.
				p, err := learn.ReadFile(lesson)
				if err != nil {
					return err
				}
				learn.Use(p)
			}
			doc, err := lf.load(env, args, true)
			if err != nil {
				return err
			}
			if cfg.Settings, err = lf.settings(doc); err != nil {
				return err
			}
			cfg.Doc = doc
			if passFile != "" {
				if cfg.Passphrase, err = serve.ReadPassphrase(passFile); err != nil {
					return err
				}
			}
			return runServe(env, cfg)
		},
	}
	f := cmd.Flags()
	f.StringVar(&cfg.Listen, "listen", serve.DefaultListen, "address to listen on; :23234 opens it to the room; none with --web: a room that joins by the page alone")
	f.StringVar(&cfg.Web, "web", "", "also serve the room's page at this address (as :8080), for attendees without ssh: a terminal in their browser")
	f.StringVar(&cfg.TLSCert, "tls-cert", "", "serve the page over https with this certificate (PEM; with --tls-key)")
	f.StringVar(&cfg.TLSKey, "tls-key", "", "the certificate's private key (PEM; with --tls-cert)")
	f.StringSliceVar(&cfg.WebHosts, "web-host", nil, "a name the page answers to, as a reverse proxy passes it (workshop.example.org); others are refused")
	f.StringVar(&cfg.HostKeyPath, "host-key", "", "the server's SSH key, made on first start (default: under your config directory)")
	f.IntVar(&cfg.MaxSessions, "max-sessions", serve.DefaultMaxSessions, "most sessions at once; the next is told the room is full")
	f.DurationVar(&cfg.IdleTimeout, "idle-timeout", serve.DefaultIdleTimeout, "close a connection idle for this long (0: never)")
	f.StringVar(&passFile, "passphrase-file", "", "file whose first line is the passphrase attendees type (default: none, anyone who reaches the port gets in)")
	f.IntVar(&cfg.FailBudget, "fail-budget", serve.DefaultFailBudget, "wrong passphrases or resume codes from one address before each more waits 30s in turn (the right passphrase never waits)")
	f.IntVar(&cfg.MaxItems, "max-items", serve.DefaultMaxItems, "most items in a session's list")
	f.BoolVar(&cfg.ASCII, "ascii", false, "draw bar charts with # and tie brackets with ASCII characters")
	f.Int64Var(&cfg.Seed, "seed", 0, "seed for the random lists of the quiz (0: from the clock)")
	f.StringVar(&cfg.StateDir, "state-dir", "", "where the room is kept (names, lists, answers), so a restart loses nothing (default: under your data directory)")
	f.BoolVar(&forget, "forget", false, "clear the room kept in --state-dir, after asking, and serve nothing")
	f.StringVar(&cfg.Workshop, "workshop", "", "the workshop's name (as \"IR course, week 3\"), in every attendee's welcome and the room's page")
	f.StringVar(&lesson, "lesson", "", "a lesson file whose steps F1 sends, in place of the guided path (ndcg-explorer learn --export writes one to edit)")
	f.BoolVar(&cfg.Present, "present", false, "your explorer on the dashboard in projector mode: fewer columns, NDCG large, wide bars (R switches)")
	// The list's flags after serve's own: serve's --max-items (the most
	// items an attendee's list holds) stands for the list read's too.
	lf.register(f)
	completeListFlags(cmd)
	// The query browser's flags open one query of a run or a data set:
	// still taken, for a room that studies one, but not listed in
	// serve's help, which is for the room's own flags.
	for _, name := range []string{"qrels", "run", "query", "qrels-format", "run-format", "ltr", "predictions"} {
		_ = f.MarkHidden(name)
	}
	return cmd
}

func runServe(env *Env, cfg serve.Config) error {
	if cfg.Listen == "none" {
		if cfg.Web == "" {
			return fmt.Errorf("--listen none closes the ssh door: give --web ADDR for the page, or leave --listen as it is")
		}
		cfg.NoSSH = true
	}
	if cfg.MaxSessions < 1 {
		return fmt.Errorf("--max-sessions must be at least 1, got %d", cfg.MaxSessions)
	}
	if cfg.FailBudget < 1 {
		return fmt.Errorf("--fail-budget must be at least 1, got %d", cfg.FailBudget)
	}
	if cfg.MaxItems < 1 {
		return fmt.Errorf("--max-items must be at least 1, got %d", cfg.MaxItems)
	}
	if cfg.IdleTimeout < 0 {
		return fmt.Errorf("--idle-timeout must be 0 (never) or more, got %s", cfg.IdleTimeout)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	in, inOK := env.Stdin.(*os.File)
	if env.IsTerminal != nil && env.IsTerminal() && inOK && term.IsTerminal(in.Fd()) {
		return dashboard.Run(ctx, cfg, in, terminalOutput(env), os.Getenv("NO_COLOR") != "")
	}
	return serve.RunPlain(ctx, cfg, env.Stderr)
}

// stateDir fills in the default state directory.
func stateDir(cfg *serve.Config) error {
	if cfg.StateDir != "" {
		return nil
	}
	dir, err := serve.DefaultStateDir()
	if err != nil {
		return err
	}
	cfg.StateDir = dir
	return nil
}

// forgetRoom clears the room kept in dir once the instructor says yes.
func forgetRoom(env *Env, dir string) error {
	n, ok := serve.KeptCount(dir)
	if !ok {
		fmt.Fprintf(env.Stderr, "no room kept in %s: nothing to forget\n", dir)
		return nil
	}
	what := fmt.Sprintf("%d attendees' lists, their answers and rounds", n)
	if n < 0 {
		what = "a file serve cannot read, removed unread"
	}
	fmt.Fprintf(env.Stderr, "forget the room kept in %s (%s)? attendees can no longer take their lists home. [y/N] ", dir, what)
	line, _ := bufio.NewReader(env.Stdin).ReadString('\n')
	if a := strings.ToLower(strings.TrimSpace(line)); a != "y" && a != "yes" {
		fmt.Fprintln(env.Stderr, "kept")
		return nil
	}
	if err := serve.Forget(dir); err != nil {
		return fmt.Errorf("cannot forget the room kept in %s: %v", dir, err)
	}
	if n < 0 {
		fmt.Fprintln(env.Stderr, "forgot the room")
		return nil
	}
	fmt.Fprintf(env.Stderr, "forgot the room (%d attendees' lists)\n", n)
	return nil
}
