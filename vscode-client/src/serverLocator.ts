// Finds the secretloop language server. Pure: every look at the machine goes through the
// injected probes, so the lookup order and the messages are unit-tested without a real machine.

export type ServerSource = 'setting' | 'python' | 'path';

/** How to start the server: `command args...` speaks LSP over stdio. */
export interface ServerCommand {
  command: string;
  args: string[];
  source: ServerSource;
}

/** A probe either succeeds or says why not, in words a user can act on. */
export type ProbeResult = { ok: true } | { ok: false; reason: string };

export interface LocatorProbes {
  /** Is `path` an existing, executable file? */
  isExecutableFile(path: string): Promise<ProbeResult>;
  /** The Python extension's active interpreter, or a reason why there is none. */
  activeInterpreter(): Promise<{ path: string } | { reason: string }>;
  /** Does `python -c "import secretloop"` succeed with this interpreter? */
  canImportSecretloop(python: string): Promise<ProbeResult>;
  /** `name` found on PATH, or undefined. */
  findOnPath(name: string): Promise<string | undefined>;
}

export interface LocateInput {
  /** The raw `secretloop.path` setting (may be empty, contain `~` or `${workspaceFolder}`). */
  configuredPath?: string;
  homeDir: string;
  /** First workspace folder, for `${workspaceFolder}` and relative paths. */
  workspaceFolder?: string;
}

export type LocateResult =
  | { ok: true; server: ServerCommand; notes: string[] }
  | { ok: false; message: string; notes: string[] };

export const EXECUTABLE_NAME = 'secretloop';
export const LSP_ARGS = ['lsp'];
export const PYTHON_MODULE_ARGS = ['-m', 'secretloop', 'lsp'];

export const INSTALL_HINT =
  'Install it with "pip install secretloop" (in the Python environment VS Code uses, or anywhere on PATH), ' +
  'or set "secretloop.path" to the secretloop executable.';

const isAbsolute = (p: string): boolean => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\');

const isBareName = (p: string): boolean => !/[\\/]/.test(p);

/**
 * Expands `~`, `${workspaceFolder}` and `${userHome}`; a relative path with a separator is taken
 * from the workspace folder; a bare name is left alone (it is looked up on PATH).
 */
export function resolveConfiguredPath(raw: string, homeDir: string, workspaceFolder?: string): string | undefined {
  let p = raw.trim();
  if (!p) return undefined;
  p = p.replace(/\$\{userHome\}/g, homeDir);
  if (workspaceFolder !== undefined) p = p.replace(/\$\{workspaceFolder\}/g, workspaceFolder);
  if (p === '~') p = homeDir;
  else if (p.startsWith('~/') || p.startsWith('~\\')) p = homeDir + p.slice(1);
  if (!isAbsolute(p) && !isBareName(p) && workspaceFolder !== undefined && !p.includes('${')) {
    p = `${workspaceFolder.replace(/[\\/]+$/, '')}/${p.replace(/^\.[\\/]/, '')}`;
  }
  return p;
}

/**
 * Lookup order: the `secretloop.path` setting; the Python extension's active interpreter
 * (`python -m secretloop lsp`, only if it can import secretloop); `secretloop` on PATH.
 * A step that does not work is recorded in `notes` and the next one is tried.
 */
export async function locateServer(input: LocateInput, probes: LocatorProbes): Promise<LocateResult> {
  const notes: string[] = [];

  const configured = resolveConfiguredPath(input.configuredPath ?? '', input.homeDir, input.workspaceFolder);
  if (configured !== undefined) {
    if (configured.includes('${')) {
      notes.push(`secretloop.path "${input.configuredPath}": unknown variable (only \${workspaceFolder} and \${userHome} are expanded)`);
    } else if (isBareName(configured)) {
      // a bare name ("secretloop-dev") means a program on PATH, not a file in the workspace
      const found = await probes.findOnPath(configured);
      if (found !== undefined) return { ok: true, server: { command: found, args: [...LSP_ARGS], source: 'setting' }, notes };
      notes.push(`secretloop.path "${configured}": no such program on PATH`);
    } else {
      const check = await probes.isExecutableFile(configured);
      if (check.ok) return { ok: true, server: { command: configured, args: [...LSP_ARGS], source: 'setting' }, notes };
      notes.push(`secretloop.path "${configured}": ${check.reason}`);
    }
  }

  let interpreter: { path: string } | { reason: string };
  try {
    interpreter = await probes.activeInterpreter();
  } catch (err) {
    interpreter = { reason: `the Python extension failed: ${errorText(err)}` };
  }
  if ('path' in interpreter) {
    const check = await probes.canImportSecretloop(interpreter.path);
    if (check.ok) {
      return { ok: true, server: { command: interpreter.path, args: [...PYTHON_MODULE_ARGS], source: 'python' }, notes };
    }
    notes.push(`Python interpreter "${interpreter.path}": cannot import secretloop (${check.reason})`);
  } else {
    notes.push(`Python interpreter: ${interpreter.reason}`);
  }

  const onPath = await probes.findOnPath(EXECUTABLE_NAME);
  if (onPath !== undefined) return { ok: true, server: { command: onPath, args: [...LSP_ARGS], source: 'path' }, notes };
  notes.push(`PATH: no "${EXECUTABLE_NAME}" executable found`);

  return { ok: false, message: `SecretLoop: the secretloop language server was not found. ${INSTALL_HINT}`, notes };
}

/** One line describing where the server was found, for the output channel. */
export function describeServer(server: ServerCommand): string {
  const where = { setting: 'the secretloop.path setting', python: "the Python extension's interpreter", path: 'PATH' }[server.source];
  return `starting "${[server.command, ...server.args].join(' ')}" (found via ${where})`;
}

export function errorText(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}
