package cli

func runCheck(env *Env, args []string) int { return notYet(env, "check") }
