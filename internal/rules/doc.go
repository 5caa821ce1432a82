package rules

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"go.yaml.in/yaml/v3"
)

// Describe renders one rule's documentation as plain text for `citelint rule NAME`.
func Describe(r *Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n\n", r.Name, r.Summary)
	fmt.Fprintf(&b, "Default severity: %s\nTags: %s\nEnabled by default: %s\nFixable: %s\n",
		r.Severity, strings.Join(r.Tags, ", "), yesNo(r.Default), yesNo(r.Fixable))
	if s := settingsYAML(r); s != "" {
		fmt.Fprintf(&b, "Settings (rules.settings.%s) and their defaults:\n%s", r.Name, indent(s, "  "))
	}
	fmt.Fprintf(&b, "\n%s", r.Doc)
	return b.String()
}

// Table writes `citelint rules`: all, in the order given (registry.All's
// is by name), as aligned columns of name, default, severity, tags and
// summary under a header.
func Table(w io.Writer, all []*Rule) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "RULE\tDEFAULT\tSEVERITY\tTAGS\tSUMMARY")
	for _, r := range all {
		on := "off"
		if r.Default {
			on = "on"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", r.Name, on, r.Severity, strings.Join(r.Tags, ","), r.Summary)
	}
	tw.Flush()
}

// Markdown renders docs/rules.md from all, every rule in name order
// (registry.All).
func Markdown(all []*Rule) string {
	var b strings.Builder
	b.WriteString("# citelint rules\n\n<!-- Generated from the rules package by `go test ./internal/rules -update-docs`; do not edit. -->\n\n")
	b.WriteString("| rule | default | severity | tags | summary |\n|---|---|---|---|---|\n")
	for _, r := range all {
		fmt.Fprintf(&b, "| [%s](#%s) | %s | %s | %s | %s |\n", r.Name, r.Name, onOff(r.Default), r.Severity, strings.Join(r.Tags, ", "), r.Summary)
	}
	for _, r := range all {
		fmt.Fprintf(&b, "\n## %s\n\n%s.\n\n", r.Name, r.Summary)
		fmt.Fprintf(&b, "- Default severity: %s\n- Tags: %s\n- Enabled by default: %s\n- Fixable: %s\n",
			r.Severity, strings.Join(r.Tags, ", "), yesNo(r.Default), yesNo(r.Fixable))
		if s := settingsYAML(r); s != "" {
			fmt.Fprintf(&b, "\nSettings, with their defaults:\n\n```yaml\nrules:\n  settings:\n    %s:\n%s```\n", r.Name, indent(s, "      "))
		}
		fmt.Fprintf(&b, "\n%s", r.Doc)
	}
	return b.String()
}

func settingsYAML(r *Rule) string {
	if r.NewSettings == nil {
		return ""
	}
	out, err := yaml.Marshal(r.NewSettings())
	if err != nil {
		return ""
	}
	return string(out)
}

func indent(s, pre string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = pre + l
		}
	}
	return strings.Join(lines, "")
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}
