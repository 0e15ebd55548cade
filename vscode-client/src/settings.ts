// Maps the `secretloop.*` VS Code settings to what the server reads (docs/CONTRACTS.md,
// "Editor settings"): one nested camelCase object, sent as initializationOptions.settings,
// as the answer to workspace/configuration, and in didChangeConfiguration. Pure (no vscode).

export const SECTION = 'secretloop';

/** Every setting the server reads, as dotted keys below `secretloop.`. */
export const SERVER_SETTING_KEYS = [
  'judge',
  'openai.model',
  'openai.baseUrl',
  'openai.apiKeyEnv',
  'openai.timeoutSeconds',
  'openai.maxCalls',
  'openai.maxTokens',
  'openai.temperature',
  'openai.batchSize',
  'openai.sendValues',
  'exclude',
  'maxFileSize',
  'rulesFiles',
  'disabledRules',
  'scan.onOpen',
  'scan.onSave',
  'scan.onChange',
  'scan.changeDelayMs',
  'severity.confirmed',
  'severity.pending',
  'workspaceScanOnStartup',
] as const;

/** Settings only the extension reads; never sent to the server. */
export const CLIENT_ONLY_KEYS = ['path', 'trace.server'] as const;

/** Settings whose change needs a new server process (everything else applies live). */
export const RESTART_KEYS = ['path'] as const;

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type ServerSettings = { [key: string]: JsonValue };

/** Copies plain JSON data; drops functions and undefined, so nothing but data goes over the wire. */
function toJson(value: unknown): JsonValue | undefined {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (Array.isArray(value)) return value.map(toJson).filter((v): v is JsonValue => v !== undefined);
  if (typeof value === 'object') {
    const out: { [key: string]: JsonValue } = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const j = toJson(v);
      if (j !== undefined) out[k] = j;
    }
    return out;
  }
  return undefined;
}

/**
 * Builds the nested settings object from a reader of dotted keys (`read('openai.model')`).
 * Keys the reader has no value for are left out, so the server's own defaults apply to them.
 */
export function buildServerSettings(read: (key: string) => unknown): ServerSettings {
  const out: ServerSettings = {};
  for (const key of SERVER_SETTING_KEYS) {
    const value = toJson(read(key));
    if (value === undefined) continue;
    const parts = key.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (next === null || typeof next !== 'object' || Array.isArray(next)) node[part] = {};
      node = node[part] as ServerSettings;
    }
    node[parts[parts.length - 1]] = value;
  }
  return out;
}

/** Marker for a configuration item the extension does not answer itself. */
export const NOT_OURS = Symbol('not ours');

/**
 * The answer to one workspace/configuration item: `secretloop` gets the whole object,
 * `secretloop.openai` (or `secretloop.openai.model`) the part below it, other sections NOT_OURS.
 * A section naming a client-only or unknown key gets null.
 */
export function answerSection(section: string | null | undefined, settings: ServerSettings): JsonValue | typeof NOT_OURS {
  if (section === SECTION) return settings;
  if (!section || !section.startsWith(`${SECTION}.`)) return NOT_OURS;
  let node: JsonValue | undefined = settings;
  for (const part of section.slice(SECTION.length + 1).split('.')) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return null;
    node = (node as { [key: string]: JsonValue })[part];
  }
  return node === undefined ? null : node;
}

/** True when a change needs a new server process. */
export function needsRestart(affects: (section: string) => boolean): boolean {
  return RESTART_KEYS.some((key) => affects(`${SECTION}.${key}`));
}

/**
 * Answers a workspace/configuration request: `secretloop` sections from `settingsFor(scopeUri)`,
 * any other section from `fallback` (the client's default handler), asked only when needed.
 * A fallback that fails (returns an Error) fails the whole answer, as the default handler would.
 */
export async function answerConfiguration<E>(
  items: { section?: string | null; scopeUri?: string | null }[],
  settingsFor: (scopeUri: string | undefined) => ServerSettings,
  fallback: () => Promise<unknown[] | E>,
): Promise<unknown[] | E> {
  const answers = items.map((item) => answerSection(item.section, settingsFor(item.scopeUri ?? undefined)));
  if (!answers.includes(NOT_OURS)) return answers;
  const others = await fallback();
  if (!Array.isArray(others)) return others;
  return answers.map((a, i) => (a === NOT_OURS ? others[i] : a));
}
