-- The loop's state from the `secretloop/runState` notification, kept for statuslines.
local M = {}

local by_client = {}
local latest = nil

--- The handler for `secretloop/runState`; `on_run_state(state, ctx)` is called after it is stored.
function M.handler(on_run_state)
  return function(err, state, ctx)
    if err ~= nil or type(state) ~= 'table' then
      return
    end
    by_client[ctx.client_id] = state
    latest = state
    -- Lets statusline plugins redraw: `autocmd User SecretLoopRunState redrawstatus`.
    vim.api.nvim_exec_autocmds('User', { pattern = 'SecretLoopRunState', modeline = false })
    if on_run_state then
      on_run_state(state, ctx)
    end
  end
end

--- The last state a client sent (every client when `client_id` is nil: the newest).
function M.get(client_id)
  if client_id ~= nil then
    return by_client[client_id]
  end
  return latest
end

--- Forget a client's state when its server exits.
function M.forget(client_id)
  if latest ~= nil and by_client[client_id] == latest then
    latest = nil
  end
  by_client[client_id] = nil
end

--- One short line: "SecretLoop scan 12/40" while scanning, "SecretLoop done · 2 waiting" after.
function M.text(state)
  state = state or latest
  if state == nil then
    return ''
  end
  local parts = { 'SecretLoop', state.status == 'running' and tostring(state.phase) or tostring(state.status) }
  if state.status == 'running' and (state.filesTotal or 0) > 0 then
    table.insert(parts, string.format('%d/%d', state.filesDone or 0, state.filesTotal))
  end
  local text = table.concat(parts, ' ')
  if (state.findings or 0) > 0 then
    text = text .. string.format(' · %d finding%s', state.findings, state.findings == 1 and '' or 's')
  end
  if (state.pending or 0) > 0 then
    text = text .. string.format(' · %d waiting', state.pending)
  end
  return text
end

return M
