-- Drives a real headless Neovim through one scenario and writes what it saw as JSON.
-- Loaded by the init.lua that test_neovim_e2e.py generates; that file sets E2E first:
--   E2E = { python, scenario, files = {...}, results, wait_ms, settings, api?, setup_file? }
-- Nothing here prints diagnostics' text: results go to the JSON file only.
local E2E = _G.E2E
local sl = require('secretloop')
local actions = require('secretloop.actions')
local compat = require('secretloop.compat')

local NAME = 'secretloop'
local results = {
  scenario = E2E.scenario,
  nvim = string.format('%d.%d.%d', vim.version().major, vim.version().minor, vim.version().patch),
  steps = {},
  run_states = {},
}

local function step(name)
  table.insert(results.steps, name)
end

local function finish()
  local file = assert(io.open(E2E.results, 'w'))
  file:write(vim.fn.json_encode(results))
  file:close()
  vim.cmd('qa!')
end

local function ours(bufnr)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.source == NAME then
      table.insert(out, d)
    end
  end
  return out
end

local function plain(d)
  return { source = d.source, code = d.code, message = d.message, severity = d.severity, lnum = d.lnum, col = d.col }
end

local function wait_for(what, predicate)
  local ok = vim.wait(E2E.wait_ms, predicate, 50)
  if not ok then
    error('timed out waiting for ' .. what, 0)
  end
end

-- Waits for an async callback's (err, result) pair.
local function await(start_request)
  local done, answer = false, nil
  start_request(function(err, result)
    answer = { err = err, result = result }
    done = true
  end)
  wait_for('the server to answer', function()
    return done
  end)
  if answer.err ~= nil then
    error('the server answered with an error: ' .. vim.inspect(answer.err), 0)
  end
  return answer.result
end

local function open(path)
  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  return vim.api.nvim_get_current_buf()
end

local function wait_for_finding(bufnr)
  wait_for('the secretloop diagnostic', function()
    return #ours(bufnr) > 0
  end)
  results.diagnostics = vim.tbl_map(plain, ours(bufnr))
  step('diagnostic shown')
  return ours(bufnr)[1]
end

local function wait_until_gone(bufnr)
  wait_for('the diagnostic to go away', function()
    return #ours(bufnr) == 0
  end)
  results.gone = true
  step('diagnostic gone')
end

-- What Neovim's own code-action request sends as context: 0.7–0.9 have the LSP-shaped line
-- diagnostics built in; later versions go through the module's conversion.
local function context_diagnostics(bufnr, line, client)
  if not compat.has('0.10') then
    return vim.lsp.diagnostic.get_line_diagnostics(bufnr, line, {}, client.id)
  end
  return actions.lsp_diagnostics(bufnr, line, client)
end

-- The plain LSP flow: codeAction request at the finding, then execute "Dismiss"'s command.
local function dismiss_through_code_action()
  local bufnr = open(E2E.files[1])
  local d = wait_for_finding(bufnr)
  local client = compat.clients(NAME, bufnr)[1]
  local encoding = compat.offset_encoding(client)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = {
      start = { line = d.lnum, character = vim.lsp.util.character_offset(bufnr, d.lnum, d.col, encoding) },
      ['end'] = { line = d.end_lnum, character = vim.lsp.util.character_offset(bufnr, d.end_lnum, d.end_col, encoding) },
    },
    context = { diagnostics = context_diagnostics(bufnr, d.lnum, client) },
  }
  local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', params, E2E.wait_ms) or {}
  local dismiss = nil
  results.action_titles = {}
  for _, response in pairs(responses) do
    for _, action in ipairs(response.result or {}) do
      table.insert(results.action_titles, action.title)
      if action.title == 'Dismiss: not a secret' then
        dismiss = action
      end
    end
  end
  if dismiss == nil then
    error('no "Dismiss: not a secret" code action', 0)
  end
  step('code actions listed')
  results.command = dismiss.command.command
  results.command_result = await(function(done)
    compat.request(client, 'workspace/executeCommand', {
      command = dismiss.command.command,
      arguments = dismiss.command.arguments,
    }, done, bufnr)
  end)
  step('dismiss executed')
  wait_until_gone(bufnr)
end

-- The module's helpers: settings reach the server, one client per root, runState arrives,
-- :SecretLoopAllow's edit silences the finding, show_run answers.
local function module_helpers()
  local first = open(E2E.files[1])
  local d = wait_for_finding(first)
  local second = open(E2E.files[2])
  wait_for('the second buffer to attach', function()
    return #compat.clients(NAME, second) == 1
  end)
  results.clients = #compat.clients(NAME)
  results.second_filetype = vim.bo[second].filetype
  results.first_attached = #compat.clients(NAME, first) == 1
  step('two buffers, one client')

  wait_for('a secretloop/runState notification', function()
    return #results.run_states > 0
  end)
  results.statusline = sl.statusline()

  vim.cmd('buffer ' .. first)
  vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
  sl.allow()
  wait_for('the allow comment edit', function()
    return vim.api.nvim_buf_get_lines(first, d.lnum, d.lnum + 1, false)[1]:find('secretloop:allow', 1, true) ~= nil
  end)
  results.allow_comment_added = true
  step('allow comment added')
  wait_until_gone(first)

  results.show_run = await(function(done)
    sl.show_run(done)
  end)
  step('show_run answered')
  results.user_commands = vim.fn.exists(':SecretLoopDismiss') == 2 and vim.fn.exists(':SecretLoopStatus') == 2
end

local SCENARIOS = {
  dismiss = dismiss_through_code_action,
  helpers = module_helpers,
}

local function run()
  if E2E.setup_file then
    -- A setup copied from docs/neovim/README.md, run as a user would paste it.
    dofile(E2E.setup_file)
  else
    sl.setup({
      cmd = { E2E.python, '-m', 'secretloop', 'lsp' },
      settings = E2E.settings,
      api = E2E.api,
      on_run_state = function(state)
        table.insert(results.run_states, state)
      end,
    })
    results.api = sl.api_name()
  end
  step('setup')
  local ok, err = xpcall(SCENARIOS[E2E.scenario], debug.traceback)
  if not ok then
    results.error = tostring(err)
  end
  finish()
end

-- After startup, so the module's autocommands see the buffers like they would for a person.
vim.api.nvim_create_autocmd('VimEnter', {
  once = true,
  callback = function()
    vim.schedule(run)
  end,
})
