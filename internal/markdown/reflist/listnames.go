package reflist

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// The titles of reference lists, by language. This table is the one place
// to teach citelint another language's headings: a title written here
// (lower-cased, after markup, a section number and a trailing colon are
// stripped) opens a reference list.
//
//   - exact titles open a list whatever follows them;
//   - weak titles are also common over prose ("Notes"): they open one only
//     when entries follow (buildSections);
//   - mention words make a short title that holds them a candidate, which
//     also needs entries: "Appendix: Sources", "Fuentes consultadas y
//     notas". For Chinese, Japanese and Korean, written without spaces,
//     a title that starts or ends with an exact title mentions one
//     ("参考文献与数据源", "主要参考文献"), one that only holds it inside
//     does not ("数据来源分析" is an analysis).
var listTitles = []struct {
	lang               string
	exact, weak, words []string
}{
	{lang: "en",
		exact: []string{"references", "reference", "sources", "bibliography", "works cited", "work cited",
			"citations", "cited works", "literature cited", "reference list", "sources cited",
			"references and notes", "notes and references", "sources and references", "references and sources",
			"list of sources", "source list", "cited sources", "sources consulted", "works consulted",
			"citations and sources", "sources and citations", "endnotes", "references cited"},
		weak:  []string{"notes", "source", "footnotes"},
		words: []string{"sources", "references", "bibliography", "citations", "works cited", "source list", "reference list", "endnotes", "footnotes"}},
	{lang: "zh-Hans",
		exact: []string{"参考文献", "参考资料", "来源", "引用", "引用文献", "参考链接", "参考来源", "资料来源", "信息来源",
			"引用来源", "参考文献与资料", "参考资料与来源", "引用的著作", "引用著作", "参考书目", "出处", "文献来源",
			"资料出处", "信息出处", "数据与资料来源"},
		weak: []string{"注释", "脚注", "数据来源", "参考", "引文"}},
	{lang: "zh-Hant",
		exact: []string{"參考文獻", "參考資料", "資料來源", "引用的著作", "引用著作", "參考來源", "引用文獻", "參考連結",
			"來源", "出處", "引用資料", "參考書目", "資訊來源"},
		weak: []string{"註釋", "腳註", "注釋"}},
	{lang: "ja",
		exact: []string{"参考文献", "引用文献", "出典", "参考資料", "引用元", "情報源", "参考リンク", "参照文献", "参考情報"},
		weak:  []string{"脚注", "注釈", "注記", "ソース"}},
	{lang: "ko",
		exact: []string{"참고문헌", "참고 문헌", "참고 자료", "참고자료", "출처", "인용 문헌", "인용문헌", "자료 출처", "참고 출처", "인용 자료"},
		weak:  []string{"각주", "주석", "참조"}},
	{lang: "es",
		exact: []string{"referencias", "fuentes", "bibliografía", "bibliografia", "obras citadas", "fuentes consultadas",
			"referencias bibliográficas", "fuentes y referencias", "referencias y fuentes"},
		weak:  []string{"notas", "fuente", "citas"},
		words: []string{"fuentes", "referencias", "bibliografía"}},
	{lang: "fr",
		exact: []string{"références", "bibliographie", "ouvrages cités", "références bibliographiques",
			"sources et références", "références et sources", "notes et références", "sources consultées"},
		weak:  []string{"notes"},
		words: []string{"références", "bibliographie"}},
	{lang: "de",
		exact: []string{"literatur", "quellen", "literaturverzeichnis", "quellenverzeichnis", "einzelnachweise", "referenzen",
			"quellenangaben", "belege", "nachweise", "zitierte werke", "quellen und literatur", "literatur und quellen"},
		weak:  []string{"anmerkungen", "fußnoten", "quelle"},
		words: []string{"quellen", "literatur", "literaturverzeichnis", "quellenverzeichnis"}},
	{lang: "pt",
		exact: []string{"referências", "referencias bibliograficas", "fontes", "bibliografia", "obras citadas",
			"referências bibliográficas", "fontes consultadas", "fontes e referências"},
		weak:  []string{"notas", "fonte"},
		words: []string{"referências", "fontes"}},
	{lang: "ru",
		exact: []string{"литература", "источники", "список литературы", "ссылки", "библиография", "список источников",
			"цитируемые работы", "использованные источники", "источники и литература", "список использованных источников"},
		weak:  []string{"примечания", "источник"},
		words: []string{"источники", "литература"}},
}

// sectionNames are the exact and weak titles of every language;
// weakSectionNames the weak ones; sourceListWords the mention words.
var sectionNames, weakSectionNames, sourceListWords, cjkTitles = func() (exact, weak map[string]bool, words, cjk []string) {
	exact, weak = map[string]bool{}, map[string]bool{}
	for _, l := range listTitles {
		for _, t := range l.exact {
			exact[t] = true
			if isCJKTitle(t) {
				cjk = append(cjk, t)
			}
		}
		for _, t := range l.weak {
			exact[t], weak[t] = true, true
		}
		words = append(words, l.words...)
	}
	return exact, weak, words, cjk
}()

// needsEntriesNames are exact titles that open a list only where entries
// are read under them (their prose is not limited, as weak titles' is):
// "Citations" heads a book's chapter on citing as often as a list, its
// prose citing [@key] (bookdown's template), and a report's "Citations"
// list may hold unlabelled paragraphs between its entries.
var needsEntriesNames = map[string]bool{"citations": true}

// maxTitleBytes bounds a title, markup stripped: the longest of
// listTitles (Cyrillic takes two bytes a letter) with room for a
// qualifier.
const maxTitleBytes = 72

// isCJKTitle reports whether t is written in Han, Kana or Hangul.
func isCJKTitle(t string) bool {
	r, _ := utf8.DecodeRuneInString(t)
	return r >= 0x1100 && r != utf8.RuneError
}

// mentionsCJKTitle reports whether a short Chinese, Japanese or Korean
// title starts or ends with a list title ("参考文献与数据源", "主要参考文献",
// "引用的著作（节选）"), and returns the title.
func mentionsCJKTitle(t []byte) (string, bool) {
	if len(t) == 0 || t[0] < utf8.RuneSelf || utf8.RuneCount(t) > 16 {
		return "", false
	}
	for _, name := range cjkTitles {
		if bytes.HasPrefix(t, []byte(name)) || bytes.HasSuffix(t, []byte(name)) {
			return string(t), true
		}
	}
	// A parenthetical qualifier after the title: "参考文献（部分）".
	if i := bytes.IndexAny(t, "（("); i > 0 {
		for _, name := range cjkTitles {
			if strings.HasSuffix(string(t[:i]), name) {
				return string(t), true
			}
		}
	}
	return "", false
}
