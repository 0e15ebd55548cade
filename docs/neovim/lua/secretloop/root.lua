-- Which workspace a buffer belongs to: one server (one audit run) per workspace root.
-- Written without vim.fs so that it also runs on Neovim 0.7.
local compat = require('secretloop.compat')

local M = {}

local function exists(path)
  return compat.uv.fs_stat(path) ~= nil
end

local function is_dir(path)
  local stat = compat.uv.fs_stat(path)
  return stat ~= nil and stat.type == 'directory'
end

local function parent(dir)
  local up = vim.fn.fnamemodify(dir, ':h')
  if up == dir then
    return nil
  end
  return up
end

--- The nearest directory, from `path` upwards, that holds one of `markers`; nil when none does.
function M.find(path, markers)
  local dir = is_dir(path) and path or vim.fn.fnamemodify(path, ':h')
  while dir do
    for _, marker in ipairs(markers) do
      if exists(dir .. '/' .. marker) then
        return dir
      end
    end
    dir = parent(dir)
  end
  return nil
end

local function under(path, dir)
  return path == dir or path:sub(1, #dir + 1) == dir .. '/'
end

--- The root for a buffer: the nearest marker directory; else the current directory when the
--- file lies under it; else the file's own directory (a server cannot scan outside its roots).
function M.for_buffer(bufnr, markers)
  local cwd = vim.fn.getcwd()
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == '' then
    return cwd
  end
  local path = vim.fn.fnamemodify(name, ':p')
  local found = M.find(path, markers)
  if found then
    return found
  end
  if under(path, cwd) then
    return cwd
  end
  return vim.fn.fnamemodify(path, ':h')
end

return M
