package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"time"

	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/format"
	"github.com/citelint/citelint/internal/score"
)

// calibrateJudgeFlags are `calibrate --judge`'s: the judge comes from the
// config's judge section, under the same consent as a run.
type calibrateJudgeFlags struct {
	on         bool
	band       float64
	timeout    time.Duration
	configPath string
	noConfig   bool
	trust      trustFlags
}

func (f *calibrateJudgeFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&f.on, "judge", false, "also measure the judge (judge: in the config) alone and in a band around the threshold with the lexical score; asks the model about every pair")
	fs.Float64Var(&f.band, "band", 0.15, "with --judge: the band around --threshold the judge decides (low-overlap's judge-band)")
	fs.DurationVar(&f.timeout, "timeout", 0, "with --judge: stop asking after this long; unanswered pairs count as failed (0 = none)")
	fs.StringVar(&f.configPath, "c", "", "with --judge: config file (default: .citelint.yaml found by walking up from the working directory)")
	fs.StringVar(&f.configPath, "config", "", "same as -c")
	fs.BoolVar(&f.noConfig, "no-config", false, "ignore any config file")
	f.trust.register(fs)
}

// run measures the judge on pairs next to their lexical scores and the
// metrics m of those.
func (f *calibrateJudgeFlags) run(pairs []score.Pair, lexical score.PairScores, m score.Metrics, outFormat string, env Env) int {
	cfg, err := (&setupFlags{configPath: f.configPath, noConfig: f.noConfig}).loadConfig(env)
	if err != nil {
		fmt.Fprintf(env.Stderr, "citelint: calibrate: %v\n", err)
		return ExitFailure
	}
	tr, err := f.trust.consent(cfg, env)
	if err != nil {
		fmt.Fprintf(env.Stderr, "citelint: calibrate: %v\n", err)
		return ExitUsage
	}
	jp := planJudge(cfg, tr, env)
	warnJudge(jp, cfg, env)
	ctx, cancel := context.WithCancel(context.Background())
	if f.timeout > 0 {
		ctx, cancel = context.WithTimeout(context.Background(), f.timeout)
	}
	defer cancel()
	out, stats := engine.CalibrateJudge(ctx, cfg, tr.networkOptions(false, false, jp, env), pairs, lexical, m, f.band)
	if out == nil {
		fmt.Fprintln(env.Stderr, "citelint: calibrate: --judge needs a judge: judge.url and judge.model in .citelint.yaml, or --judge-url (docs/judge.md)")
		return ExitUsage
	}
	fmt.Fprintf(env.Stderr, "citelint: %s\n", stats)
	if outFormat == "json" {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		enc.Encode(out)
		return ExitOK
	}
	format.JudgeCalibration(env.Stdout, m, out.Judge, out.Hybrid)
	return ExitOK
}
