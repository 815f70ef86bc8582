package cli

import (
	"os"
	"strconv"

	"github.com/spf13/pflag"
)

// accessibleFlag registers --accessible: the explorer, learn and check
// in plain lines for a screen reader or a pipe (package accessible).
func accessibleFlag(fs *pflag.FlagSet, on *bool) {
	fs.BoolVar(on, "accessible", false, "plain lines for a screen reader or a pipe: no drawing, no colour (also ACCESSIBLE=1)")
}

// accessibleMode is whether to speak in plain lines: --accessible, or
// ACCESSIBLE set, as huh reads it (ACCESSIBLE=0 or false turns it off).
func accessibleMode(flag bool) bool {
	if flag {
		return true
	}
	v := os.Getenv("ACCESSIBLE")
	if on, err := strconv.ParseBool(v); err == nil {
		return on
	}
	return v != ""
}
