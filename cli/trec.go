package cli

func runTrec(env *Env, args []string) int { return notYet(env, "trec") }
