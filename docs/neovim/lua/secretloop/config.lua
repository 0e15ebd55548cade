-- setup() options -> the client configuration every Neovim version's LSP API takes.
local compat = require('secretloop.compat')
local status = require('secretloop.status')

local M = {}

M.defaults = {
  name = 'secretloop',
  cmd = { 'secretloop', 'lsp' },
  -- nil: every buffer that is a file (secrets hide in .env, YAML, files with no filetype...)
  filetypes = nil,
  root_markers = { '.git' },
  -- camelCase, as in docs/CONTRACTS.md: judge, openai.*, exclude, maxFileSize, scan.*, severity.*, ...
  settings = {},
  on_attach = nil,
  on_init = nil,
  on_run_state = nil, -- function(state, ctx) for each `secretloop/runState`
  capabilities = nil,
  handlers = nil,
  cmd_env = nil,
  api = nil, -- nil: by version; or force 'start_client' | 'start' | 'enable'
}

local function check(name, value, kind, optional)
  if value == nil and optional then
    return
  end
  if type(value) ~= kind then
    error(string.format("require('secretloop').setup: option '%s' must be a %s, got %s", name, kind, type(value)), 3)
  end
end

--- setup()'s options merged over the defaults, with a clear error for a wrong type.
function M.resolve(opts)
  opts = vim.tbl_extend('force', M.defaults, opts or {})
  check('name', opts.name, 'string')
  check('cmd', opts.cmd, 'table')
  check('filetypes', opts.filetypes, 'table', true)
  check('root_markers', opts.root_markers, 'table')
  check('settings', opts.settings, 'table')
  check('on_attach', opts.on_attach, 'function', true)
  check('on_init', opts.on_init, 'function', true)
  check('on_run_state', opts.on_run_state, 'function', true)
  check('handlers', opts.handlers, 'table', true)
  check('api', opts.api, 'string', true)
  return opts
end

-- An empty Lua table is encoded as a JSON array; the server expects objects.
local function object(t)
  if next(t) == nil then
    return vim.empty_dict()
  end
  return t
end

local function advertises_configuration(client)
  local caps = client.config.capabilities or vim.lsp.protocol.make_client_capabilities()
  return caps.workspace ~= nil and caps.workspace.configuration == true
end

--- The client config. Settings go both ways the server reads them: initializationOptions
--- `{settings = ...}` (in force from the first scan) and the `secretloop` section answered on
--- workspace/configuration. Neovim 0.7 does not advertise workspace/configuration, so there
--- they are pushed with workspace/didChangeConfiguration once the client is initialized.
function M.client_config(opts, root_dir)
  local settings = vim.deepcopy(opts.settings)
  local handlers = vim.tbl_extend('force', {
    ['secretloop/runState'] = status.handler(opts.on_run_state),
  }, opts.handlers or {})
  return {
    name = opts.name,
    cmd = opts.cmd,
    cmd_env = opts.cmd_env,
    root_dir = root_dir,
    filetypes = opts.filetypes,
    init_options = { settings = object(settings) },
    settings = { secretloop = object(vim.deepcopy(settings)) },
    capabilities = opts.capabilities,
    handlers = handlers,
    on_init = function(client, result)
      if next(settings) ~= nil and not advertises_configuration(client) then
        compat.notify(client, 'workspace/didChangeConfiguration', { settings = client.config.settings })
      end
      if opts.on_init then
        opts.on_init(client, result)
      end
    end,
    on_attach = opts.on_attach,
    on_exit = function(_, _, client_id)
      status.forget(client_id)
    end,
  }
end

return M
