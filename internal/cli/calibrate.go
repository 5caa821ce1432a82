package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/citelint/citelint/internal/cliflag"
	"github.com/citelint/citelint/internal/format"
	"github.com/citelint/citelint/internal/score"
)

// calibrateCmd implements `citelint calibrate --data FILE.jsonl`: how well
// the support score separates supported from unsupported claims on the
// user's own labelled pairs, and which threshold suits them best.
func calibrateCmd(args []string, env Env) int {
	fs := newFlagSet("calibrate", env, "calibrate --data FILE.jsonl [--format text|json] [--threshold T] [--judge [--band B]]")
	data := fs.String("data", "", `labelled pairs, one JSON object per line: {"claim": str, "source": str or [str], "supported": bool} ("-" reads standard input)`)
	outFormat := fs.String("format", "text", "text or json")
	threshold := fs.Float64("threshold", score.DefaultThreshold, "the low-overlap threshold to evaluate")
	lang := fs.String("language", "", "stemming language (english, german, french, spanish...; default english)")
	var jf calibrateJudgeFlags
	jf.register(fs)
	rest, err := cliflag.Parse(fs, args, env.Stdout)
	if err != nil {
		return flagExit(err)
	}
	if *data == "" || len(rest) > 0 {
		fmt.Fprintln(env.Stderr, "citelint: calibrate: give the labelled pairs with --data FILE.jsonl")
		return ExitUsage
	}
	if *outFormat != "text" && *outFormat != "json" {
		fmt.Fprintf(env.Stderr, "citelint: calibrate: --format %q: want text or json\n", *outFormat)
		return ExitUsage
	}
	var r io.Reader = env.Stdin
	if *data != "-" {
		f, err := os.Open(*data)
		if err != nil {
			fmt.Fprintf(env.Stderr, "citelint: calibrate: %v\n", err)
			return ExitFailure
		}
		defer f.Close()
		r = f
	}
	pairs, err := score.ReadPairs(r)
	if err != nil {
		fmt.Fprintf(env.Stderr, "citelint: calibrate: %s: %v\n", *data, err)
		return ExitFailure
	}
	if len(pairs) == 0 {
		fmt.Fprintf(env.Stderr, "citelint: calibrate: %s holds no pairs\n", *data)
		return ExitFailure
	}
	scored := score.ScorePairs(pairs, score.New(score.Options{Language: *lang}))
	m := score.CalibrateScores(scored, *threshold)
	if jf.on {
		return jf.run(pairs, scored, m, *outFormat, env)
	}
	if *outFormat == "json" {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		enc.Encode(m)
		return ExitOK
	}
	format.Calibration(env.Stdout, m)
	return ExitOK
}
