-- Headless Neovim as citelint's editor-server client, for lsp's
-- TestNeovim: open a document, start `citelint lsp` with Neovim's own LSP
-- client, wait for the diagnostics, then type an edit (incremental sync)
-- and ask for hover and definition on a citation. Everything seen is
-- written as JSON to $CITELINT_OUT; the Go test compares it with
-- `citelint run --format json`.
--
-- Run: CITELINT_BIN=... CITELINT_FILE=... CITELINT_OUT=... \
--      nvim --headless -u NONE -i NONE -n -c 'luafile capture.lua'
-- (works with Neovim 0.7, Debian 12's, and later)

local bin = assert(os.getenv("CITELINT_BIN"), "CITELINT_BIN")
local file = assert(os.getenv("CITELINT_FILE"), "CITELINT_FILE")
local out = assert(os.getenv("CITELINT_OUT"), "CITELINT_OUT")

local function write(result)
  local f = assert(io.open(out, "w"))
  f:write(vim.fn.json_encode(result))
  f:close()
end

-- diagnostics returns what Neovim holds for buf: its own 0-based line and
-- byte columns, and the rule (the LSP diagnostic's code).
local function diagnostics(buf)
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local lsp = (d.user_data or {}).lsp or {}
    table.insert(list, {
      lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
      severity = d.severity, message = d.message, code = d.code or lsp.code,
      href = lsp.codeDescription and lsp.codeDescription.href, tags = lsp.tags,
    })
  end
  table.sort(list, function(a, b)
    if a.lnum ~= b.lnum then return a.lnum < b.lnum end
    if a.col ~= b.col then return a.col < b.col end
    return a.message < b.message
  end)
  return list
end

local function main()
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  -- Neovim applies versioned edits (documentChanges) and refuses them for
  -- a newer buffer, but 0.7 does not announce it: the capability is added.
  local caps = vim.lsp.protocol.make_client_capabilities()
  caps.workspace.workspaceEdit = caps.workspace.workspaceEdit or {}
  caps.workspace.workspaceEdit.documentChanges = true
  local id = vim.lsp.start_client({
    name = "citelint",
    cmd = { bin, "lsp" },
    capabilities = caps,
    root_dir = vim.fn.fnamemodify(file, ":p:h"),
    flags = { debounce_text_changes = 20 },
  })
  assert(id, "start_client failed")
  vim.lsp.buf_attach_client(buf, id)

  assert(vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 20),
    "no diagnostics within 30 s")
  local client = vim.lsp.get_client_by_id(id)
  local result = { encoding = client.offset_encoding, opened = diagnostics(buf) }

  -- Hover and definition on the [1] of line 3 (1-based).
  local line3 = vim.api.nvim_buf_get_lines(buf, 2, 3, false)[1]
  local at = line3:find("[1]", 1, true)
  vim.api.nvim_win_set_cursor(0, { 3, at })
  local params = vim.lsp.util.make_position_params()
  local hover = vim.lsp.buf_request_sync(buf, "textDocument/hover", params, 10000) or {}
  local def = vim.lsp.buf_request_sync(buf, "textDocument/definition", params, 10000) or {}
  for _, r in pairs(hover) do
    if r.result then result.hover = r.result.contents.value end
  end
  for _, r in pairs(def) do
    if r.result then
      local loc = r.result[1] or r.result
      result.definition = { uri = loc.uri, line = loc.range.start.line }
    end
  end

  -- Type over the 8 of "[8]" on line 6 (Neovim sends an incremental
  -- change in the negotiated encoding); its issue must go.
  local before = #vim.diagnostic.get(buf)
  local line6 = vim.api.nvim_buf_get_lines(buf, 5, 6, false)[1]
  local s = line6:find("[8]", 1, true)
  vim.api.nvim_buf_set_text(buf, 5, s, 5, s + 1, { "1" })
  assert(vim.wait(30000, function() return #vim.diagnostic.get(buf) == before - 1 end, 20),
    "diagnostics did not follow the edit")
  result.edited = diagnostics(buf)

  -- The quick fix of "[2, 7]" (line 4), asked for now and applied after
  -- more typing (issue 36's "reaching[2]m per year"): Neovim must refuse
  -- its versioned edit and leave line 4 as it is.
  local line4 = vim.api.nvim_buf_get_lines(buf, 3, 4, false)[1]
  local c7 = line4:find("7]", 1, true)
  local shown = {}
  for _, d in ipairs(vim.diagnostic.get(buf, { lnum = 3 })) do
    if d.user_data and d.user_data.lsp then table.insert(shown, d.user_data.lsp) end
  end
  local cparams = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = 3, character = c7 - 1 }, ["end"] = { line = 3, character = c7 } },
    context = { diagnostics = shown },
  }
  local fix
  for _, r in pairs(vim.lsp.buf_request_sync(buf, "textDocument/codeAction", cparams, 10000) or {}) do
    for _, a in ipairs(r.result or {}) do
      if a.kind == "quickfix" and not a.title:find("suppress", 1, true) then fix = fix or a end
    end
  end
  assert(fix, "no quick fix for [2, 7]")
  result.fix = { title = fix.title, versioned = fix.edit.documentChanges ~= nil }
  vim.api.nvim_buf_set_text(buf, 3, 0, 3, 0, { "Today: " })
  vim.lsp.util.apply_workspace_edit(fix.edit, client.offset_encoding)
  result.after_stale_fix = vim.api.nvim_buf_get_lines(buf, 3, 4, false)[1]

  vim.lsp.stop_client(id)
  vim.wait(5000, function() return vim.lsp.get_client_by_id(id) == nil end, 20)
  return result
end

local ok, res = pcall(main)
if ok then
  write(res)
  vim.cmd("qa!")
else
  write({ error = tostring(res) })
  vim.cmd("cq!")
end
