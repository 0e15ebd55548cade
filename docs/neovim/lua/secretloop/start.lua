-- Starting the server and attaching buffers, with the API each Neovim version has:
--   0.7       vim.lsp.start_client + vim.lsp.buf_attach_client (one client per root, kept here)
--   0.8–0.10  vim.lsp.start (reuses the client with the same name and root_dir)
--   0.11+     vim.lsp.config + vim.lsp.enable
local compat = require('secretloop.compat')
local config = require('secretloop.config')
local root = require('secretloop.root')

local M = {}

local GROUP = 'secretloop'
local EVENTS = { 'FileType', 'BufReadPost', 'BufNewFile' }

--- A buffer the server should see: a named file (not a help page, terminal, or directory).
local function eligible(bufnr, opts)
  if not vim.api.nvim_buf_is_valid(bufnr) or vim.bo[bufnr].buftype ~= '' then
    return false
  end
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == '' or vim.fn.isdirectory(name) == 1 then
    return false
  end
  return opts.filetypes == nil or vim.tbl_contains(opts.filetypes, vim.bo[bufnr].filetype)
end

local function on_buffers(opts, attach)
  local group = vim.api.nvim_create_augroup(GROUP, { clear = true })
  vim.api.nvim_create_autocmd(EVENTS, {
    group = group,
    callback = function(args)
      if eligible(args.buf, opts) then
        attach(args.buf)
      end
    end,
  })
  -- setup() may run after files were opened (lazy loading): attach those too.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and eligible(bufnr, opts) then
      attach(bufnr)
    end
  end
end

-- 0.7 --------------------------------------------------------------------------------------
local client_by_root = {}

local function start_07(opts)
  on_buffers(opts, function(bufnr)
    local dir = root.for_buffer(bufnr, opts.root_markers)
    local id = client_by_root[dir]
    local client = id and vim.lsp.get_client_by_id(id)
    if client == nil or compat.is_stopped(client) then
      local cfg = config.client_config(opts, dir)
      local on_exit = cfg.on_exit
      cfg.on_exit = function(code, signal, client_id)
        if client_by_root[dir] == client_id then
          client_by_root[dir] = nil
        end
        on_exit(code, signal, client_id)
      end
      id = vim.lsp.start_client(cfg)
      if id == nil then
        return -- start_client has reported why
      end
      client_by_root[dir] = id
    end
    vim.lsp.buf_attach_client(bufnr, id)
  end)
end

-- 0.8–0.10 ---------------------------------------------------------------------------------
local function start_08(opts)
  on_buffers(opts, function(bufnr)
    local cfg = config.client_config(opts, root.for_buffer(bufnr, opts.root_markers))
    -- 0.8's vim.lsp.start attaches the current buffer and has no bufnr option.
    vim.api.nvim_buf_call(bufnr, function()
      vim.lsp.start(cfg, { bufnr = bufnr })
    end)
  end)
end

-- 0.11+ ------------------------------------------------------------------------------------
local function start_011(opts)
  local cfg = config.client_config(opts, nil)
  cfg.root_dir = function(bufnr, on_dir)
    on_dir(root.for_buffer(bufnr, opts.root_markers))
  end
  vim.lsp.config(opts.name, cfg)
  vim.lsp.enable(opts.name)
  if opts.filetypes ~= nil then
    return
  end
  -- vim.lsp.enable starts on FileType, which never fires for a file with no filetype.
  local group = vim.api.nvim_create_augroup(GROUP, { clear = true })
  vim.api.nvim_create_autocmd({ 'BufReadPost', 'BufNewFile' }, {
    group = group,
    callback = function(args)
      if eligible(args.buf, opts) and vim.bo[args.buf].filetype == '' then
        local resolved = vim.tbl_extend('force', vim.lsp.config[opts.name], {
          root_dir = root.for_buffer(args.buf, opts.root_markers),
        })
        vim.lsp.start(resolved, { bufnr = args.buf })
      end
    end,
  })
end

local STARTERS = {
  start_client = { start_07, 'vim.lsp.start_client/vim.lsp.buf_attach_client' },
  start = { start_08, 'vim.lsp.start' },
  enable = { start_011, 'vim.lsp.config/vim.lsp.enable' },
}

--- The API for this Neovim: 'enable' (0.11+), 'start' (0.8–0.10) or 'start_client' (0.7);
--- `forced` (setup's `api` option) picks one that this Neovim also has.
function M.choose(forced)
  if forced ~= nil then
    if STARTERS[forced] == nil then
      error("require('secretloop').setup: option 'api' must be 'start_client', 'start' or 'enable', got " .. tostring(forced), 3)
    end
    return forced
  end
  if compat.has('0.11') then
    return 'enable'
  elseif compat.has('0.8') then
    return 'start'
  end
  return 'start_client'
end

--- Start on every eligible buffer with the chosen API.
function M.start(opts)
  STARTERS[M.choose(opts.api)][1](opts)
end

--- Which Neovim API start() uses (shown by the tests).
function M.api_name(forced)
  return STARTERS[M.choose(forced)][2]
end

return M
