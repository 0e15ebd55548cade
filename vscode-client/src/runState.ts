// The `secretloop/runState` notification (docs/CONTRACTS.md, "LSP surface") and its validation.
// Pure: the status bar only ever sees a checked RunStateInfo.

export const RUN_STATE_NOTIFICATION = 'secretloop/runState';

export const PHASES = ['discover', 'scan', 'filter', 'triage', 'review', 'report'] as const;
export const STATUSES = ['running', 'done', 'failed', 'need_human', 'budget_exhausted', 'cancelled'] as const;

export interface RunStateInfo {
  runId: string;
  /** one of PHASES; an unknown name from a newer server is kept and shown as is */
  phase: string;
  /** one of STATUSES, same leniency */
  status: string;
  filesTotal: number;
  filesDone: number;
  findings: number;
  pending: number;
}

const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0);

/** Checks a notification's params; returns the state, or a message saying what is wrong. */
export function parseRunState(raw: unknown): { ok: true; state: RunStateInfo } | { ok: false; error: string } {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    return { ok: false, error: `${RUN_STATE_NOTIFICATION}: expected an object, got ${raw === null ? 'null' : typeof raw}` };
  }
  const r = raw as Record<string, unknown>;
  for (const field of ['phase', 'status'] as const) {
    if (typeof r[field] !== 'string' || !r[field]) {
      return { ok: false, error: `${RUN_STATE_NOTIFICATION}: field "${field}" must be a non-empty string` };
    }
  }
  return {
    ok: true,
    state: {
      runId: typeof r.runId === 'string' ? r.runId : '',
      phase: r.phase as string,
      status: r.status as string,
      filesTotal: count(r.filesTotal),
      filesDone: count(r.filesDone),
      findings: count(r.findings),
      pending: count(r.pending),
    },
  };
}
