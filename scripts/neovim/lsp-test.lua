-- Drives `authlint lsp` from Neovim (0.7 and later, headless): opens a Swift file that logs a
-- token as public, waits for the diagnostic, applies the fix the server offers as a code action,
-- checks the buffer, and waits for the diagnostic to go. Run by scripts/test-neovim.sh.
local function code_of(diagnostic)
  local lsp = diagnostic.user_data and diagnostic.user_data.lsp
  return diagnostic.code or (lsp and lsp.code)
end

local function run()
  local path = os.getenv("AUTHLINT_FILE")
  vim.cmd("edit " .. vim.fn.fnameescape(path))
  local buffer = vim.api.nvim_get_current_buf()
  local id = vim.lsp.start_client({
    name = "authlint",
    cmd = { os.getenv("AUTHLINT"), "lsp", "--no-cache" },
    root_dir = os.getenv("AUTHLINT_ROOT"),
  })
  assert(id, "the client did not start")
  vim.lsp.buf_attach_client(buffer, id)

  local function flagged()
    for _, diagnostic in ipairs(vim.diagnostic.get(buffer)) do
      if code_of(diagnostic) == "token-logged" then return diagnostic end
    end
  end
  assert(vim.wait(60000, function() return flagged() ~= nil end, 50), "no token-logged diagnostic within 60 s")
  local diagnostic = flagged()

  local client = vim.lsp.get_client_by_id(id)
  local lsp = diagnostic.user_data and diagnostic.user_data.lsp
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buffer) },
    range = {
      start = { line = diagnostic.lnum, character = diagnostic.col },
      ["end"] = { line = diagnostic.end_lnum, character = diagnostic.end_col },
    },
    context = { diagnostics = lsp and { lsp } or {} },
  }
  local response = client.request_sync("textDocument/codeAction", params, 30000, buffer)
  assert(response and response.result, "no answer to textDocument/codeAction")
  local fix
  for _, action in ipairs(response.result) do
    if action.isPreferred then fix = action end
  end
  assert(fix, "no fix among the " .. #response.result .. " code actions")
  vim.lsp.util.apply_workspace_edit(fix.edit, "utf-16")
  local line = vim.api.nvim_buf_get_lines(buffer, diagnostic.lnum, diagnostic.lnum + 1, false)[1]
  local expected = '    logger.info("Refreshed: \\(accessToken)")'
  assert(line == expected, "the fixed line is `" .. line .. "`")

  -- The edit reaches the server as a change, and the diagnostic goes.
  assert(vim.wait(60000, function() return flagged() == nil end, 50), "the diagnostic stayed after the fix")
  io.stdout:write("neovim: diagnostic shown, fix applied (" .. fix.title .. "), diagnostic cleared\n")
end

local ok, problem = pcall(run)
if ok then
  vim.cmd("qall!")
else
  io.stderr:write("neovim test: " .. tostring(problem) .. "\n")
  vim.cmd("cquit 1")
end
