package cli

import "fmt"

func notYet(env *Env, what string) int {
	fmt.Fprintf(env.Stderr, "ndcg-explorer: %s is not available yet\n", what)
	return ExitBadInput
}

func runCheck(env *Env, args []string) int   { return notYet(env, "check") }
func runTrec(env *Env, args []string) int    { return notYet(env, "trec") }
func runSamples(env *Env, args []string) int { return notYet(env, "samples") }
func runExplore(env *Env, args []string) int { return notYet(env, "the explorer") }

func stdTerminal() bool { return false }
