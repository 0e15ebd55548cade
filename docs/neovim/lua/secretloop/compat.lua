-- The few Neovim APIs that changed shape between 0.7 and 0.11, behind one name each.
local M = {}

M.uv = vim.uv or vim.loop

--- True when the running Neovim is at least `version` ("0.8", "0.11", ...).
function M.has(version)
  return vim.fn.has('nvim-' .. version) == 1
end

-- 0.11 made client methods take self (client:request); 0.7–0.10 clients hold closures.
function M.request(client, method, params, handler, bufnr)
  if M.has('0.11') then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

function M.notify(client, method, params)
  if M.has('0.11') then
    return client:notify(method, params)
  end
  return client.notify(method, params)
end

function M.is_stopped(client)
  if M.has('0.11') then
    return client:is_stopped()
  end
  return client.is_stopped()
end

--- Running clients named `name`, optionally only those attached to `bufnr`.
--- (0.7's get_active_clients takes no filter; 0.10 renamed it get_clients.)
function M.clients(name, bufnr)
  local all = vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()
  local out = {}
  for _, client in ipairs(all) do
    if client.name == name and (bufnr == nil or vim.lsp.buf_is_attached(bufnr, client.id)) then
      table.insert(out, client)
    end
  end
  return out
end

--- The settings table a client answers workspace/configuration from (0.11 moved it).
function M.set_client_settings(client, settings)
  client.config.settings = settings
  if client.settings ~= nil then
    client.settings = settings
  end
end

--- The encoding positions are counted in for this client (0.7 has no position encoding negotiation).
function M.offset_encoding(client)
  return client.offset_encoding or 'utf-16'
end

return M
