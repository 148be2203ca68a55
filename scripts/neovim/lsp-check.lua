-- Headless Neovim check of `rulescheck lsp` (Neovim 0.7 or later: vim.lsp.start_client).
-- Run by scripts/test-neovim.sh as: nvim --headless -u NONE -c 'luafile scripts/neovim/lsp-check.lua'
-- Environment: RULESCHECK_BINARY (the binary), RULES_FILE (the rules file to open; it is not
-- written), EXPECT_CODES (comma-separated codes that must be among the diagnostics),
-- FIX_CODE (the code whose first quick fix is applied), LSP_TIMEOUT_MS (default 20000).
-- FORMAT_FILE (optional: a valid rules file whose layout is not canonical).
-- Prints the diagnostics, applies the quick fix, waits for the new diagnostics, hovers
-- request.resource.size, completes request.resource.con to contentType, goes to a function's
-- definition, formats FORMAT_FILE (twice: the second time changes nothing), and quits with
-- status 0, or 1 with a message on the first thing that does not happen in time.

local binary = os.getenv('RULESCHECK_BINARY')
local file = os.getenv('RULES_FILE')
local expected = vim.split(os.getenv('EXPECT_CODES') or '', ',', { trimempty = true })
local fix_code = os.getenv('FIX_CODE')
local timeout = tonumber(os.getenv('LSP_TIMEOUT_MS') or '20000')

local function out(line)
  io.stdout:write(line .. '\n')
end

local function fail(message)
  io.stderr:write('lsp-check: ' .. message .. '\n')
  vim.cmd('cquit 1')
end

if not binary or not file then
  fail('set RULESCHECK_BINARY and RULES_FILE')
end

vim.cmd('edit ' .. vim.fn.fnameescape(file))
local bufnr = vim.api.nvim_get_current_buf()
vim.bo[bufnr].filetype = 'firebase-rules'

local exited = false
local client_id = vim.lsp.start_client({
  name = 'rulescheck',
  cmd = { binary, 'lsp' },
  root_dir = vim.fn.fnamemodify(file, ':p:h'),
  on_exit = function()
    exited = true
  end,
})
if not client_id then
  fail('could not start ' .. binary .. ' lsp')
end
vim.lsp.buf_attach_client(bufnr, client_id)

local function codes()
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    found[#found + 1] = tostring(d.code)
  end
  return found
end

local function has_code(code)
  return vim.tbl_contains(codes(), code)
end

if not vim.wait(timeout, function() return #vim.diagnostic.get(bufnr) > 0 end, 20) then
  fail('no diagnostics within ' .. timeout .. ' ms')
end
for _, d in ipairs(vim.diagnostic.get(bufnr)) do
  out(string.format('%s:%d:%d: %s %s', vim.fn.fnamemodify(file, ':t'), d.lnum + 1, d.col + 1, d.code, d.message:gsub('\n.*', '')))
end
for _, code in ipairs(expected) do
  if not has_code(code) then
    fail('expected a ' .. code .. ' diagnostic; got ' .. table.concat(codes(), ', '))
  end
end

if fix_code then
  local target
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if tostring(d.code) == fix_code then target = d break end
  end
  if not target then fail('no ' .. fix_code .. ' diagnostic to fix') end
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = { start = { line = target.lnum, character = 0 }, ['end'] = { line = target.end_lnum, character = 10000 } },
    context = { diagnostics = {} },
  }
  local client = vim.lsp.get_client_by_id(client_id)
  local reply = client.request_sync('textDocument/codeAction', params, timeout, bufnr)
  if not reply or reply.err or not reply.result then
    fail('no answer to textDocument/codeAction: ' .. vim.inspect(reply))
  end
  local action
  for _, candidate in ipairs(reply.result) do
    local about = candidate.diagnostics and candidate.diagnostics[1]
    if candidate.edit and about and about.code == fix_code then action = candidate break end
  end
  if not action then fail('no quick fix for ' .. fix_code .. ': ' .. vim.inspect(reply.result)) end
  out('applying: ' .. action.title)
  vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding or 'utf-16')
  local line = vim.api.nvim_buf_get_lines(bufnr, target.lnum, target.lnum + 1, false)[1]
  out('line ' .. (target.lnum + 1) .. ' is now: ' .. line)
  if not vim.wait(timeout, function() return not has_code(fix_code) and #vim.diagnostic.get(bufnr) > 0 end, 20) then
    fail(fix_code .. ' still reported ' .. timeout .. ' ms after the fix')
  end
  out('after the fix: ' .. table.concat(codes(), ', '))
end

-- The editor features: hover, completion, definition, and formatting of a second file.
local client = vim.lsp.get_client_by_id(client_id)
local uri = vim.uri_from_bufnr(bufnr)

-- The 0-based line and byte column of the first line holding `text` (and not `unless`).
local function find(text, unless)
  for index, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    local column = line:find(text, 1, true)
    if column and not (unless and line:find(unless, 1, true)) then return index - 1, column - 1 end
  end
  fail('no line holds ' .. text)
end

local function request(method, params)
  local reply = client.request_sync(method, params, timeout, bufnr)
  if not reply or reply.err then fail('no answer to ' .. method .. ': ' .. vim.inspect(reply)) end
  return reply.result
end

local line, column = find('request.resource.size')
local hover = request('textDocument/hover', {
  textDocument = { uri = uri }, position = { line = line, character = column + #'request.resource.s' },
})
if not hover or not hover.contents or not tostring(hover.contents.value):find('size', 1, true) then
  fail('hover on request.resource.size: ' .. vim.inspect(hover))
end
for text in tostring(hover.contents.value):gmatch('[^\n]+') do
  if not text:find('^```') then
    out('hover: ' .. text)
    break
  end
end

-- Type `request.resource.con` on a new line and complete it.
vim.api.nvim_buf_set_lines(bufnr, line + 1, line + 1, false, { '        && request.resource.con' })
local completion = request('textDocument/completion', {
  textDocument = { uri = uri }, position = { line = line + 1, character = #'        && request.resource.con' },
})
local items = completion and (completion.items or completion) or {}
local labels = {}
for _, item in ipairs(items) do labels[#labels + 1] = item.label end
if not vim.tbl_contains(labels, 'contentType') then
  fail('completion of request.resource.con: ' .. table.concat(labels, ', '))
end
out('completion: contentType among ' .. #labels .. ' candidates')
vim.api.nvim_buf_set_lines(bufnr, line + 1, line + 2, false, {})

local call_line, call_column = find('isOwner(', 'function')
local definition = request('textDocument/definition', {
  textDocument = { uri = uri }, position = { line = call_line, character = call_column + 1 },
})
local location = definition and (definition.range and definition or definition[1])
local declared = find('function isOwner')
if not location or location.range.start.line ~= declared then
  fail('definition of isOwner: ' .. vim.inspect(definition))
end
out('definition: isOwner at line ' .. (declared + 1))

local format_file = os.getenv('FORMAT_FILE')
if format_file then
  vim.cmd('edit ' .. vim.fn.fnameescape(format_file))
  local formatted = vim.api.nvim_get_current_buf()
  vim.bo[formatted].filetype = 'firebase-rules'
  vim.lsp.buf_attach_client(formatted, client_id)
  local function edits()
    local reply = client.request_sync('textDocument/formatting', {
      textDocument = { uri = vim.uri_from_bufnr(formatted) }, options = { tabSize = 2, insertSpaces = true },
    }, timeout, formatted)
    if not reply or reply.err then fail('no answer to textDocument/formatting: ' .. vim.inspect(reply)) end
    return reply.result or {}
  end
  local first = edits()
  if #first == 0 then fail('formatting changed nothing in ' .. format_file) end
  vim.lsp.util.apply_text_edits(first, formatted, client.offset_encoding or 'utf-16')
  -- Formatted text is canonical: formatting it again changes nothing.
  if #edits() ~= 0 then fail('formatting is not idempotent') end
  out('formatting: ' .. #vim.api.nvim_buf_get_lines(formatted, 0, -1, false) .. ' lines, stable')
end

vim.lsp.stop_client(client_id)
vim.wait(timeout, function() return exited end, 20)
out('ok')
vim.cmd('qall!')
