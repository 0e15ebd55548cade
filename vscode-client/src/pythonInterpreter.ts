// Reads the active interpreter from the Python extension's (ms-python.python) exported API.
// Duck-typed and free of vscode imports: the API object is handed in, so fakes test it.

export const PYTHON_EXTENSION_ID = 'ms-python.python';

interface UriLike { fsPath?: unknown }
interface EnvironmentsApi {
  getActiveEnvironmentPath?: (resource?: unknown) => { id?: unknown; path?: unknown } | undefined;
  resolveEnvironment?: (env: unknown) => Promise<{ executable?: { uri?: UriLike } } | undefined>;
  onDidChangeActiveEnvironmentPath?: (listener: () => void) => { dispose(): unknown };
}
interface LegacySettingsApi {
  getExecutionDetails?: (resource?: unknown) => { execCommand?: unknown } | undefined;
}
interface PythonApi {
  ready?: Promise<unknown>;
  environments?: EnvironmentsApi;
  settings?: LegacySettingsApi;
}

const asApi = (api: unknown): PythonApi => (api && typeof api === 'object' ? (api as PythonApi) : {});
const nonEmpty = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

/**
 * The interpreter executable the Python extension uses for `resource`: the environments API
 * first (resolving an environment folder to its executable), then the older
 * `settings.getExecutionDetails`. Undefined when the API offers neither.
 */
export async function activeInterpreterFromApi(api: unknown, resource?: unknown): Promise<string | undefined> {
  const py = asApi(api);
  const envs = py.environments;
  if (envs && typeof envs.getActiveEnvironmentPath === 'function') {
    const active = envs.getActiveEnvironmentPath(resource);
    if (active && typeof envs.resolveEnvironment === 'function') {
      const resolved = await envs.resolveEnvironment(active);
      const exe = nonEmpty(resolved?.executable?.uri?.fsPath);
      if (exe) return exe;
    }
    const direct = nonEmpty(active?.path);
    if (direct) return direct;
  }
  const legacy = py.settings;
  if (legacy && typeof legacy.getExecutionDetails === 'function') {
    if (py.ready) await py.ready;
    const cmd = legacy.getExecutionDetails(resource)?.execCommand;
    // execCommand can be e.g. ["conda", "run", ...]; only a single executable is usable here
    if (Array.isArray(cmd) && cmd.length === 1) return nonEmpty(cmd[0]);
  }
  return undefined;
}

/** Calls `listener` when the user picks another interpreter; undefined when the API has no such event. */
export function onInterpreterChange(api: unknown, listener: () => void): { dispose(): unknown } | undefined {
  const event = asApi(api).environments?.onDidChangeActiveEnvironmentPath;
  return typeof event === 'function' ? event(listener) : undefined;
}

/** Settles like `work`, or rejects with Error(onTimeout) when `work` takes longer than `ms`. */
export function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(onTimeout)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
