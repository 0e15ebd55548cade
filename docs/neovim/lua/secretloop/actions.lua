-- Running the server's review actions and commands without a picker, on every Neovim version.
local compat = require('secretloop.compat')

local M = {}

-- Title prefixes of the server's code actions (server/code_actions.py).
M.CONFIRM = 'Confirm'
M.DISMISS = 'Dismiss'
M.ALLOW = 'Add inline allow comment'

local function warn(text)
  vim.notify('SecretLoop: ' .. text, vim.log.levels.WARN)
end

--- The client's LSP diagnostics on `line` (0-based), as the server published them.
--- 0.9+ keeps the whole LSP diagnostic in user_data.lsp; 0.7/0.8 keep code and data there,
--- so the range is rebuilt from the byte columns.
function M.lsp_diagnostics(bufnr, line, client)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr, { lnum = line })) do
    if d.source == client.name then
      local lsp = (d.user_data and d.user_data.lsp) or {}
      local range = lsp.range
      if range == nil then
        local encoding = compat.offset_encoding(client)
        range = {
          start = { line = d.lnum, character = vim.lsp.util.character_offset(bufnr, d.lnum, d.col, encoding) },
          ['end'] = {
            line = d.end_lnum or d.lnum,
            character = vim.lsp.util.character_offset(bufnr, d.end_lnum or d.lnum, d.end_col or d.col, encoding),
          },
        }
      end
      table.insert(out, {
        range = range,
        severity = lsp.severity or d.severity,
        message = d.message,
        source = d.source,
        code = d.code or lsp.code,
        codeDescription = lsp.codeDescription,
        data = lsp.data,
      })
    end
  end
  return out
end

--- Run one action: its edit first, then its command on the server.
function M.apply(client, action, bufnr, on_done)
  if action.edit then
    vim.lsp.util.apply_workspace_edit(action.edit, compat.offset_encoding(client))
  end
  local command = action.command
  if type(command) == 'table' then
    M.execute(client, command.command, command.arguments, bufnr, on_done)
  elseif on_done then
    on_done(nil, nil)
  end
end

--- workspace/executeCommand on `client`; `on_done(err, result)` gets the server's answer.
function M.execute(client, command, arguments, bufnr, on_done)
  compat.request(client, 'workspace/executeCommand', { command = command, arguments = arguments }, function(err, result)
    if err ~= nil then
      warn(string.format('%s failed: %s', command, err.message or tostring(err)))
    end
    if on_done then
      on_done(err, result)
    end
  end, bufnr)
end

--- Ask the server for its code actions on the cursor line and apply the first whose title
--- starts with `prefix` (M.CONFIRM, M.DISMISS or M.ALLOW).
function M.run_on_cursor(name, prefix, on_done)
  local bufnr = vim.api.nvim_get_current_buf()
  local line = vim.api.nvim_win_get_cursor(0)[1] - 1
  local clients = compat.clients(name, bufnr)
  if #clients == 0 then
    warn('no SecretLoop server is attached to this buffer')
    return
  end
  local text = vim.api.nvim_buf_get_lines(bufnr, line, line + 1, false)[1] or ''
  for _, client in ipairs(clients) do
    local params = {
      textDocument = { uri = vim.uri_from_bufnr(bufnr) },
      range = {
        start = { line = line, character = 0 },
        ['end'] = { line = line, character = vim.lsp.util.character_offset(bufnr, line, #text, compat.offset_encoding(client)) },
      },
      context = { diagnostics = M.lsp_diagnostics(bufnr, line, client) },
    }
    compat.request(client, 'textDocument/codeAction', params, function(err, actions)
      if err ~= nil then
        warn('code actions failed: ' .. (err.message or tostring(err)))
        return
      end
      for _, action in ipairs(actions or {}) do
        if type(action.title) == 'string' and action.title:sub(1, #prefix) == prefix then
          M.apply(client, action, bufnr, on_done)
          return
        end
      end
      warn(string.format("no '%s' action on this line", prefix))
    end, bufnr)
  end
end

--- Run a server command (secretloop.scanWorkspace, .resumeRun, .showRun) on the current
--- buffer's server, or on every SecretLoop server when the buffer has none.
function M.command(name, command, on_done)
  local clients = compat.clients(name, vim.api.nvim_get_current_buf())
  if #clients == 0 then
    clients = compat.clients(name)
  end
  if #clients == 0 then
    warn('no SecretLoop server is running')
    return
  end
  for _, client in ipairs(clients) do
    M.execute(client, command, {}, 0, on_done)
  end
end

return M
