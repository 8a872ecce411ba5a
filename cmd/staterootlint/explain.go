package main

func (c *cli) explain(args []string) int { return exitUsage }
