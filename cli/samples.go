package cli

func runSamples(env *Env, args []string) int { return notYet(env, "samples") }
