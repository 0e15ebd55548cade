// The server's workspace/executeCommand commands (docs/CONTRACTS.md, "LSP surface") and which of
// them the extension registers as VS Code commands itself. vscode-languageclient registers a
// VS Code command for every command the server announces; registering an id twice throws, so
// the announced list is filtered before the client sees it. Pure.

export const SERVER_COMMANDS = {
  scanWorkspace: 'secretloop.scanWorkspace',
  resumeRun: 'secretloop.resumeRun',
  showRun: 'secretloop.showRun',
  confirmFinding: 'secretloop.confirmFinding',
  dismissFinding: 'secretloop.dismissFinding',
} as const;

/** Contributed in package.json and registered by the extension, so they work (with a clear message) before the server is up. */
export const EXTENSION_OWNED = [SERVER_COMMANDS.scanWorkspace, SERVER_COMMANDS.resumeRun, SERVER_COMMANDS.showRun] as const;

/** Commands that never go to the server. */
export const CLIENT_COMMANDS = {
  restartServer: 'secretloop.restartServer',
  showOutput: 'secretloop.showOutput',
} as const;

/** The announced command list without the ones the extension registers itself; the rest (confirm, dismiss) stay with the client. */
export function withoutExtensionOwned<T extends { commands?: string[] }>(options: T): T {
  if (!Array.isArray(options.commands)) return options;
  const owned: readonly string[] = EXTENSION_OWNED;
  return { ...options, commands: options.commands.filter((c) => !owned.includes(c)) };
}
