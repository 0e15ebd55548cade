-- SecretLoop for Neovim 0.7+: `require('secretloop').setup({...})` starts `secretloop lsp` for
-- every file buffer, one server per workspace root, with the API the running Neovim has.
-- See docs/neovim/README.md.
local actions = require('secretloop.actions')
local compat = require('secretloop.compat')
local config = require('secretloop.config')
local root = require('secretloop.root')
local start = require('secretloop.start')
local status = require('secretloop.status')

local M = {}

local options = nil -- setup()'s resolved options

local function name()
  return (options or config.defaults).name
end

--- Start the server for file buffers. Options (all optional): cmd, settings, filetypes,
--- root_markers, on_attach, on_init, on_run_state, capabilities, handlers, cmd_env, api.
function M.setup(opts)
  options = config.resolve(opts)
  start.start(options)
  M.create_commands()
end

--- The client config for one root, for people who start the client themselves or use
--- nvim-lspconfig (`root_dir` nil: their own root detection decides).
function M.client_config(opts, root_dir)
  return config.client_config(config.resolve(opts), root_dir)
end

--- The root a buffer's server runs in: the nearest directory with a marker (default .git),
--- else the current directory.
function M.root_dir(bufnr, markers)
  return root.for_buffer(bufnr or 0, markers or (options or config.defaults).root_markers)
end

--- The last `secretloop/runState` ({runId, phase, status, filesTotal, filesDone, findings, pending}).
function M.run_state(client_id)
  return status.get(client_id)
end

--- A short line for a statusline, '' before the first notification.
function M.statusline()
  return status.text()
end

--- Review the finding on the cursor line (runs the server's code action, no picker).
function M.confirm(on_done)
  actions.run_on_cursor(name(), actions.CONFIRM, on_done)
end

function M.dismiss(on_done)
  actions.run_on_cursor(name(), actions.DISMISS, on_done)
end

function M.allow(on_done)
  actions.run_on_cursor(name(), actions.ALLOW, on_done)
end

--- The server's workspace commands; `on_done(err, result)` receives the server's answer.
function M.scan_workspace(on_done)
  actions.command(name(), 'secretloop.scanWorkspace', on_done)
end

function M.resume_run(on_done)
  actions.command(name(), 'secretloop.resumeRun', on_done)
end

function M.show_run(on_done)
  actions.command(name(), 'secretloop.showRun', on_done)
end

--- Replace the settings (same keys as setup's `settings`) on every running server.
function M.update_settings(settings)
  if options then
    options.settings = settings
  end
  for _, client in ipairs(compat.clients(name())) do
    compat.set_client_settings(client, { secretloop = settings })
    compat.notify(client, 'workspace/didChangeConfiguration', { settings = { secretloop = settings } })
  end
end

function M.create_commands()
  local commands = {
    SecretLoopConfirm = { M.confirm, 'Confirm the finding on this line: a secret' },
    SecretLoopDismiss = { M.dismiss, 'Dismiss the finding on this line: not a secret' },
    SecretLoopAllow = { M.allow, 'Add an inline allow comment for the finding on this line' },
    SecretLoopScan = { M.scan_workspace, 'Scan the workspace again' },
    SecretLoopResume = { M.resume_run, 'Resume the last run' },
    SecretLoopShowRun = { M.show_run, 'Show the run summary' },
    SecretLoopStatus = {
      function()
        print(status.text() ~= '' and status.text() or 'SecretLoop: no run state yet')
      end,
      'Show the loop phase and findings waiting for review',
    },
  }
  for command, spec in pairs(commands) do
    vim.api.nvim_create_user_command(command, function()
      spec[1]()
    end, { desc = spec[2] })
  end
end

--- Which Neovim API setup() uses here.
function M.api_name()
  return start.api_name((options or config.defaults).api)
end

return M
