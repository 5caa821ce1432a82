package tokenize

import "strings"

// stopwords holds function words that carry no evidence about whether a
// source supports a claim: every source contains them, so counting them would
// inflate overlap for unrelated text (the failure of the citation-integrity-check
// heuristic, whose 28-word list leaves "was", "his", "also" … in play).
//
// Entries are stored case- and accent-folded (so "für" is "fur"), because the
// lookup happens after folding and before stemming. The English part is the
// Snowball list plus common auxiliaries and discourse adverbs. The German,
// French and Spanish parts are their most frequent function words, minus forms
// that are also English content words or common abbreviations ("son", "war",
// "man", "hat", "sin", "den", "fast", "bin", "era", "sea", "han", "ton", "eu",
// "un", "mit"), so that an English claim never loses a content word to a
// foreign list.
var stopwords = func() map[string]struct{} {
	m := make(map[string]struct{}, 600)
	for _, list := range []string{stopEnglish, stopGerman, stopFrench, stopSpanish} {
		for _, w := range strings.Fields(list) {
			m[w] = struct{}{}
		}
	}
	return m
}()

const stopEnglish = `
a about above after again against all am an and any are as at be because been
before being below between both but by can did do does doing don down during
each few for from further had has have having he her here hers herself him
himself his how i if in into is it its itself just me more most my myself no
nor not now of off on once only or other our ours ourselves out over own s same
she should so some such t than that the their theirs them themselves then there
these they this those through to too under until up very was we were what when
where which while who whom why will with you your yours yourself yourselves
also although among amongst another around could either else ever every
however may might must neither one ones onto per shall since thus upon us via
whether whose within without would yet whereas whereby therefore hence
etc ie eg le la de del der von van da di du des el al
`

const stopGerman = `
aber alle allem allen aller alles als also am an ander andere anderem anderen
anderer anderes auch auf aus bei beim bis bist da damit dann das dass dein deine
dem der des dich die dies diese diesem diesen dieser dieses dir doch dort du
durch ein eine einem einen einer eines er es etwa euch euer fur gegen gewesen
habe haben hatte hatten hier hin hinter ich ihm ihn ihnen ihr ihre ihrem ihren
ihrer ist jede jedem jeden jeder jedes jener jetzt kann kein keine keinem keinen
konnen mich mir  muss nach nicht nichts noch nun nur ob oder ohne sehr sein
seine seinem seinen seiner seit sich sie sind soll sollte sondern sonst uber um
und uns unser unter vom vor wahrend waren warum was weil welche welchem welchen
welcher welches wenn wer werde werden wie wieder wir wird wo wurde wurden zu zum
zur zwar zwischen
`

const stopFrench = `
ai au aux avec avoir c ce ceci cela celle celles celui ces cet cette chez comme
d dans donc du elle elles en est et etaient etait ete etre  eux fait il ils
j je l leur leurs lui m ma mais me meme mes moi mon n ne nos notre nous on ont
ou par pas plus pour qu que quel quelle quelles quels qui s sa sans se ses sont
sous sur ta te tes toi  tous tout toute toutes tu  une vos votre vous y
`

const stopSpanish = `
al algo algunas algunos ante antes como con contra cual cuando del desde donde
durante e el ella ellas ellos en entre  eran es esa esas ese eso esos esta
estaba estado estan estar estas este esto estos fue fueron ha  hasta hay la
las le les lo los mas mi mucho muchos muy nada ni no nos nosotros o otra otras
otro otros para pero poco por porque que quien quienes se  ser si sido sobre
su sus tambien tanto tiene todo todos tu un una uno unos y ya yo
`

// isStopword reports whether a folded (lower-case, accent-free) word is a
// function word.
func isStopword(w string) bool {
	_, ok := stopwords[w]
	return ok
}
