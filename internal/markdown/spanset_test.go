package markdown
