package tokenize_test

import (
	"fmt"

	"github.com/citelint/citelint/internal/score/tokenize"
)

// Tokens shows why two texts overlap: case, accents, stopwords, inflection
// and number formatting do not decide it.
func ExampleTokens() {
	fmt.Println(tokenize.Tokens("The Größe elected 1,000 members; café prices were 3.50"))
	fmt.Println(tokenize.Tokens("grosse elects 1000 member cafe price 3.5"))
	// Output:
	// [gross elect 1000 member cafe price 3.5]
	// [gross elect 1000 member cafe price 3.5]
}
