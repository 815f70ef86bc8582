package cli

import (
	"runtime/debug"

	"github.com/spf13/cobra"
)

// version is set at link time by release builds:
//
//	go build -ldflags "-X github.com/ndcg-explorer/ndcg-explorer/cli.version=v1.2.3"
//
// It is a variable only because -X can set nothing else.
var version string

// Version is the program's version: the one set at link time, else the
// module version go install recorded (v0.2.0), else the commit a build
// from a clone was made at, else "devel".
func Version() string {
	if version != "" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	v := "devel"
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " " + s.Value[:12]
		}
		if s.Key == "vcs.modified" && s.Value == "true" {
			v += "+dirty"
		}
	}
	return v
}

// newVersionCmd keeps "ndcg-explorer version" working, as it did before
// -v/--version; hidden, since the flag is the documented way.
func newVersionCmd(env *Env) *cobra.Command {
	return &cobra.Command{
		Use:    "version",
		Short:  "Print the version",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cmd.Printf("ndcg-explorer version %s\n", Version())
			return nil
		},
	}
}
