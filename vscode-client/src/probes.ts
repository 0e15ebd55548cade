// The machine-facing probes behind serverLocator: file checks, PATH lookup, and the
// `python -c "import secretloop"` test. Node only (no vscode import), so they are unit-tested too.

import { execFile } from 'node:child_process';
import { constants, promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { ProbeResult } from './serverLocator';

export async function isExecutableFile(file: string, platform: NodeJS.Platform = process.platform): Promise<ProbeResult> {
  let stat;
  try {
    stat = await fs.stat(file);
  } catch {
    return { ok: false, reason: 'no such file' };
  }
  if (!stat.isFile()) return { ok: false, reason: 'not a file' };
  if (platform === 'win32') return { ok: true }; // Windows has no executable bit
  try {
    await fs.access(file, constants.X_OK);
    return { ok: true };
  } catch {
    return { ok: false, reason: 'not executable (chmod +x?)' };
  }
}

/** The first executable `name` on PATH (with PATHEXT on Windows), or undefined. */
export async function findOnPath(
  name: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Promise<string | undefined> {
  const pathVar = env.PATH ?? env.Path ?? '';
  const delimiter = platform === 'win32' ? ';' : ':';
  const exts = platform === 'win32' ? ['', ...(env.PATHEXT ?? '.EXE;.CMD;.BAT;.COM').split(';').filter(Boolean)] : [''];
  for (const dir of pathVar.split(delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      const candidate = path.join(dir, name + ext);
      if ((await isExecutableFile(candidate, platform)).ok) return candidate;
    }
  }
  return undefined;
}

/** Import errors are short and name a module, never a secret; keep their last line only. */
function lastLine(text: string): string {
  const lines = text.trim().split(/\r?\n/).filter((l) => l.trim());
  const line = lines.length ? lines[lines.length - 1].trim() : '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/** Runs `python -c "import secretloop"`; ok when it exits 0 within `timeoutMs`. */
export function canImportSecretloop(python: string, timeoutMs = 20000): Promise<ProbeResult> {
  return new Promise((resolve) => {
    execFile(python, ['-c', 'import secretloop'], { timeout: timeoutMs, windowsHide: true }, (err, _stdout, stderr) => {
      if (!err) return resolve({ ok: true });
      const e = err as NodeJS.ErrnoException & { killed?: boolean; code?: number | string };
      if (e.code === 'ENOENT') return resolve({ ok: false, reason: 'no such interpreter' });
      if (e.killed) return resolve({ ok: false, reason: `no answer within ${Math.round(timeoutMs / 1000)}s` });
      resolve({ ok: false, reason: lastLine(String(stderr)) || `exit code ${String(e.code)}` });
    });
  });
}
