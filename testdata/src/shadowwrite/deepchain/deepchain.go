package deepchain

import "os"

// A chain of twelve helpers declared caller-first ends in a literal: the
// summaries are computed callee-first, so the depth does not matter.

func save(data []byte) {
	os.WriteFile(h1(), data, 0o644) // want `os.WriteFile writes "deep.json" relative to the working directory`
}

func h1() string { return h2() }

func h2() string { return h3() }

func h3() string { return h4() }

func h4() string { return h5() }

func h5() string { return h6() }

func h6() string { return h7() }

func h7() string { return h8() }

func h8() string { return h9() }

func h9() string { return h10() }

func h10() string { return h11() }

func h11() string { return h12() }

func h12() string { return "deep.json" }
