package structure

import "bytes"

// LooksLikeCode reports a sentence most of whose lines are statements of
// a program (codeLine). Blank lines and comments ("# ...") count for
// neither side.
func LooksLikeCode(text []byte) bool {
	code, prose := 0, 0
	for line := range bytes.Lines(text) {
		switch line = bytes.TrimSpace(line); {
		case len(line) == 0 || line[0] == '#':
		case codeLine(line):
			code++
		default:
			prose++
		}
	}
	return code > prose
}

// blockKeywords open a block in Python and its kin: a line that starts
// with one (as written: prose capitalises its first word) and ends with
// ':' is a statement ("for g in range(2):"), not a wrapped line of prose.
var blockKeywords = []string{"def ", "class ", "for ", "if ", "elif ", "else:", "while ", "with ", "try:", "except ", "except:", "finally:"}

// codeLine reports a line (trimmed) that reads as a program's statement:
// a string literal's triple quote, a block's opening line, an import, a
// print, a call alone on its line ("toolbox.register(a, b)"), or an
// assignment to a name ("x = f(y)", "a, b = 1, 2", "score += 5").
// Comments after " #" are ignored.
func codeLine(line []byte) bool {
	if bytes.HasPrefix(line, []byte(`"""`)) || bytes.HasPrefix(line, []byte("'''")) || bytes.HasPrefix(line, []byte("print(")) {
		return true
	}
	stmt := line
	if i := bytes.Index(stmt, []byte(" #")); i >= 0 {
		stmt = bytes.TrimSpace(stmt[:i])
	}
	if len(stmt) == 0 {
		return false
	}
	for _, k := range blockKeywords {
		if bytes.HasPrefix(stmt, []byte(k)) && stmt[len(stmt)-1] == ':' {
			return true
		}
	}
	if importLine(stmt) {
		return true
	}
	// A name (dotted, maybe indexed, maybe several with commas) and then
	// '(' or an assignment operator.
	i, dotted := 0, false
	for i < len(stmt) {
		j := i
		for j < len(stmt) && (isIdentByte(stmt[j]) || j > i && (stmt[j] == '.' || stmt[j] == '[' || stmt[j] == ']')) {
			dotted = dotted || stmt[j] == '.' || stmt[j] == '_'
			j++
		}
		if j == i || isDigit(stmt[i]) {
			return false
		}
		i = j
		if i+1 < len(stmt) && stmt[i] == ',' && stmt[i+1] == ' ' {
			i += 2
			continue
		}
		break
	}
	rest := stmt[i:]
	switch {
	case len(rest) > 0 && rest[0] == '(':
		// A call alone on its line, of a dotted or snake_case name.
		return dotted && (bytes.HasSuffix(stmt, []byte(")")) || bytes.HasSuffix(stmt, []byte(",")) || bytes.HasSuffix(stmt, []byte("(")))
	case len(rest) > 1 && rest[0] == '=' && rest[1] != '=' && (bytes.HasSuffix(stmt, []byte(",")) || bytes.HasSuffix(stmt, []byte(")"))):
		// A keyword argument on a line of its own: "num_generations=3,".
		return dotted
	case bytes.HasPrefix(rest, []byte(" = ")), bytes.HasPrefix(rest, []byte(" += ")), bytes.HasPrefix(rest, []byte(" -= ")),
		bytes.HasPrefix(rest, []byte(" *= ")), bytes.HasPrefix(rest, []byte(" /= ")):
		// An expression, not a sentence: "E = mc² was shown in 1905" is
		// prose about a formula.
		return dotted || len(bytes.Fields(rest[bytes.IndexByte(rest, '=')+1:])) <= 4
	}
	return false
}

// importLine reports a Python import and nothing else: "import numpy as
// np", "from deap import base, tools". Prose that starts with the word
// ("import prices for gas rose 180%", "from 2019 to 2023, import
// volumes...") has words no module path has.
func importLine(stmt []byte) bool {
	var names []byte
	switch {
	case bytes.HasPrefix(stmt, []byte("import ")):
		names = stmt[len("import "):]
	case bytes.HasPrefix(stmt, []byte("from ")):
		mod, rest, ok := bytes.Cut(stmt[len("from "):], []byte(" import "))
		if !ok || !dottedName(mod) {
			return false
		}
		names = rest
	default:
		return false
	}
	for part := range bytes.SplitSeq(names, []byte(",")) {
		name, alias, aliased := bytes.Cut(bytes.TrimSpace(part), []byte(" as "))
		if !dottedName(name) && string(name) != "*" || aliased && !dottedName(alias) {
			return false
		}
	}
	return true
}

// dottedName reports a module or identifier path: "numpy", "os.path".
func dottedName(b []byte) bool {
	if len(b) == 0 || isDigit(b[0]) || b[0] == '.' || b[len(b)-1] == '.' {
		return false
	}
	for _, c := range b {
		if !isIdentByte(c) && c != '.' {
			return false
		}
	}
	return true
}

// isIdentByte reports a byte of an ASCII identifier: isWordByte or '_'.
func isIdentByte(c byte) bool { return c == '_' || isWordByte(c) }

// isWordByte reports an ASCII letter or digit.
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
