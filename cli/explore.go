package cli

func runExplore(env *Env, args []string) int { return notYet(env, "explore") }

func stdTerminal() bool { return false }
