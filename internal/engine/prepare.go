package engine

import (
	"context"
	"errors"
	"io"
	"slices"
	"time"

	"github.com/citelint/citelint/config"
)

// Setup is what a command (run, extract) asks of a run beside its config:
// the engine's options, the paths and how to walk them, and the time limit.
type Setup struct {
	Options             // Context is the time limit's, set by Prepare
	Paths   []string    // none: the config's run.paths, else the working directory
	Walk    WalkOptions // Shard and Ctx are set by Prepare
	Shard   string      // "i/n" (ParseShard); "" lints every file
	Stdin   io.Reader   // read once for the path "-" (Files.ReadStdin)
	// Limit, when set, gives the run's time limit for the config, counted
	// from Started, when the run began: one clock covers the reading of
	// bibliographies, the search for files and the lint (Budget).
	Limit   func(*config.Config) time.Duration
	Started time.Time
}

// Prepared is a run ready to lint: the engine, the files its paths name
// with standard input read, and the run's Budget (nil without a limit).
type Prepared struct {
	Engine *Engine
	Files  Files
	Budget *Budget
}

// Prepare loads the engine for cfg (bibliographies, sources, rules) within
// the time limit, and finds the files. --stdin-filename names standard
// input, which is the path "-": it must be among the paths, or the only
// one when none is given. An error names what is wrong; one that wraps
// context.DeadlineExceeded is the time limit's.
func Prepare(cfg *config.Config, s Setup) (*Prepared, error) {
	p := &Prepared{}
	ctx := context.Background()
	if s.Limit != nil {
		p.Budget = NewBudget(s.Started, s.Limit(cfg))
		ctx = p.Budget.Context()
	}
	s.Options.Context = ctx
	eng, err := New(cfg, s.Options)
	if err == nil && s.Walk.StdinName != "" {
		if len(s.Paths) == 0 {
			s.Paths = []string{"-"}
		} else if !slices.Contains(s.Paths, "-") {
			err = errors.New("--stdin-filename names standard input: give the path - (or no path)")
		}
	}
	if err == nil && s.Shard != "" {
		s.Walk.Shard, err = ParseShard(s.Shard)
	}
	if err != nil {
		p.Close()
		return nil, err
	}
	s.Walk.Ctx = ctx // the search for files stops at the run's deadline
	p.Engine, p.Files = eng, eng.WalkWith(s.Paths, s.Walk)
	// Read once, before the network pass and the lint both need it.
	p.Files.ReadStdin(s.Stdin)
	return p, nil
}

// Close releases the run's clocks (Budget.Close), once its report is out.
func (p *Prepared) Close() {
	if p.Budget != nil {
		p.Budget.Close()
	}
}

// NoneFound says that the paths named no document and no error: a usage
// mistake, unless files were named and all excluded (a hook or an editor
// names files without reading the config) or a shard got none of them.
func (fs Files) NoneFound() bool {
	excluded := fs.StdinExcluded || fs.ForceExcluded > 0 || fs.Sharded > 0
	return len(fs.Paths) == 0 && len(fs.Errs) == 0 && !excluded
}
