// Turns the object returned by the server's `secretloop.showRun` into readable lines for the
// output channel. The shape is the server's; this only lays it out (nested keys indented,
// long lists cut), so a new field shows up without a client change.

const MAX_LIST = 20;
const MAX_DEPTH = 4;

function scalar(v: unknown): string {
  if (v === null || v === undefined) return '-';
  if (typeof v === 'string') return v;
  return String(v);
}

function lines(value: unknown, indent: string, depth: number, out: string[]): void {
  if (value === null || typeof value !== 'object') {
    out.push(`${indent}${scalar(value)}`);
    return;
  }
  if (depth >= MAX_DEPTH) {
    out.push(`${indent}…`);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value.slice(0, MAX_LIST)) {
      if (item !== null && typeof item === 'object') {
        out.push(`${indent}-`);
        lines(item, `${indent}  `, depth + 1, out);
      } else out.push(`${indent}- ${scalar(item)}`);
    }
    if (value.length > MAX_LIST) out.push(`${indent}… and ${value.length - MAX_LIST} more`);
    return;
  }
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (v !== null && typeof v === 'object' && (Array.isArray(v) ? v.length > 0 : Object.keys(v).length > 0)) {
      out.push(`${indent}${key}:`);
      lines(v, `${indent}  `, depth + 1, out);
    } else if (Array.isArray(v)) out.push(`${indent}${key}: (none)`);
    else if (v !== null && typeof v === 'object') out.push(`${indent}${key}: -`);
    else out.push(`${indent}${key}: ${scalar(v)}`);
  }
}

export function formatRunSummary(summary: unknown): string[] {
  if (summary === null || summary === undefined) return ['No run yet: use "SecretLoop: Scan Workspace".'];
  const out: string[] = [];
  lines(summary, '  ', 0, out);
  return ['SecretLoop run summary:', ...out];
}
