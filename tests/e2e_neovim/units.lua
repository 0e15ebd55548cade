-- The module's pure parts, run inside the same Neovim (no server): root detection, option
-- errors, JSON shapes, the statusline text. Writes {name = value} to E2E.results.
local E2E = _G.E2E
local compat = require('secretloop.compat')
local config = require('secretloop.config')
local root = require('secretloop.root')
local start = require('secretloop.start')
local status = require('secretloop.status')

local out = {}

local function error_of(fn)
  local ok, err = pcall(fn)
  return ok and '' or tostring(err)
end

local function buffer_for(path)
  local bufnr = vim.api.nvim_create_buf(true, false)
  vim.api.nvim_buf_set_name(bufnr, path)
  return bufnr
end

local ok, err = pcall(function()
  local ws, outside = E2E.paths.workspace, E2E.paths.outside
  out.root_nested = root.find(ws .. '/app/deep/file.py', { '.git' })
  out.root_none = root.find(outside .. '/file.py', { 'no-such-marker' }) or vim.NIL
  vim.cmd('cd ' .. vim.fn.fnameescape(ws))
  out.root_outside_cwd = root.for_buffer(buffer_for(outside .. '/loose.txt'), { 'no-such-marker' })
  out.root_under_cwd = root.for_buffer(buffer_for(ws .. '/app/deep/other.py'), { 'no-such-marker' })

  out.error_cmd = error_of(function()
    config.resolve({ cmd = 'secretloop lsp' })
  end)
  out.error_api = error_of(function()
    start.choose('lspconfig')
  end)

  local empty = config.client_config(config.resolve({}), '/r')
  out.init_options_json = vim.fn.json_encode(empty.init_options)
  out.settings_json = vim.fn.json_encode(empty.settings)
  local full = config.client_config(config.resolve({ settings = { judge = 'offline', exclude = { 'vendor/**' } } }), '/r')
  out.full_init_options = full.init_options
  out.full_settings = full.settings

  out.status_empty = status.text()
  out.status_running = status.text({ phase = 'scan', status = 'running', filesTotal = 40, filesDone = 12, findings = 0, pending = 0 })
  out.status_waiting = status.text({ phase = 'review', status = 'need_human', filesTotal = 40, filesDone = 40, findings = 3, pending = 2 })
  out.status_one = status.text({ phase = 'report', status = 'done', filesTotal = 1, filesDone = 1, findings = 1, pending = 0 })
  out.has_07 = compat.has('0.7')
end)
if not ok then
  out.error = tostring(err)
end

local file = assert(io.open(E2E.results, 'w'))
file:write(vim.fn.json_encode(out))
file:close()
vim.cmd('qa!')
