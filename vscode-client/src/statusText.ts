// What the status bar item says for a run state or a client state. Pure: text, tooltip and
// accessible label are computed here and unit-tested; statusBar.ts only puts them on screen.

import type { RunStateInfo } from './runState';

export type Tone = 'normal' | 'warning' | 'error';

export interface StatusView {
  text: string;
  tooltip: string;
  /** read by screen readers; always names the phase when there is a run */
  accessibilityLabel: string;
  tone: Tone;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

function runHeadline(s: RunStateInfo): { icon: string; words: string; tone: Tone } {
  switch (s.status) {
    case 'running': {
      if (s.phase === 'scan' && s.filesTotal > 0) {
        return { icon: '$(sync~spin)', words: `scan ${s.filesDone}/${s.filesTotal}`, tone: 'normal' };
      }
      const found = s.findings > 0 ? ` · ${s.findings} found` : '';
      return { icon: '$(sync~spin)', words: `${s.phase}${found}`, tone: 'normal' };
    }
    case 'need_human':
      return s.pending > 0
        ? { icon: '$(shield)', words: `${s.pending} to review`, tone: 'warning' }
        : { icon: '$(shield)', words: `${s.phase}: waiting for you`, tone: 'warning' };
    case 'done':
      return s.findings > 0
        ? { icon: '$(warning)', words: plural(s.findings, 'secret', 'secrets'), tone: 'warning' }
        : { icon: '$(check)', words: 'no secrets', tone: 'normal' };
    case 'failed':
      return { icon: '$(error)', words: `failed in ${s.phase}`, tone: 'error' };
    case 'cancelled':
      return { icon: '$(debug-pause)', words: `stopped in ${s.phase}`, tone: 'normal' };
    case 'budget_exhausted':
      return { icon: '$(debug-pause)', words: `budget spent in ${s.phase}`, tone: 'warning' };
    default:
      return { icon: '$(shield)', words: `${s.phase} (${s.status})`, tone: 'normal' };
  }
}

const STATUS_WORDS: Record<string, string> = {
  running: 'running',
  done: 'done',
  failed: 'failed',
  need_human: 'waiting for your review',
  budget_exhausted: 'stopped: budget spent (Resume Run continues it)',
  cancelled: 'stopped (Resume Run continues it)',
};

export function describeRunState(s: RunStateInfo): StatusView {
  const head = runHeadline(s);
  const files = s.filesTotal > 0 ? `${s.filesDone} of ${s.filesTotal} files scanned` : 'no files listed yet';
  const findings = `${plural(s.findings, 'finding', 'findings')}, ${s.pending} waiting for review`;
  const tooltip = [
    `SecretLoop run${s.runId ? ` ${s.runId}` : ''}`,
    `Phase: ${s.phase}`,
    `Status: ${STATUS_WORDS[s.status] ?? s.status}`,
    `Files: ${files}`,
    `Findings: ${findings}`,
    '',
    'Click to show the run summary.',
  ].join('\n');
  return {
    text: `${head.icon} SecretLoop: ${head.words}`,
    tooltip,
    accessibilityLabel: `SecretLoop: phase ${s.phase}, status ${s.status}, ${files}, ${findings}`,
    tone: head.tone,
  };
}

export type ClientPhase = 'starting' | 'waiting' | 'stopped' | 'notFound';

/** The item before any run state arrives, or when there is no server. */
export function describeClientState(phase: ClientPhase): StatusView {
  switch (phase) {
    case 'starting':
      return { text: '$(sync~spin) SecretLoop: starting', tooltip: 'The SecretLoop server is starting.', accessibilityLabel: 'SecretLoop: server starting', tone: 'normal' };
    case 'waiting':
      return { text: '$(shield) SecretLoop', tooltip: 'SecretLoop is running; no workspace run yet.\nClick to show the run summary.', accessibilityLabel: 'SecretLoop: no run yet', tone: 'normal' };
    case 'stopped':
      return { text: '$(error) SecretLoop: stopped', tooltip: 'The SecretLoop server is not running. Click to restart it; the "SecretLoop" output channel has its log.', accessibilityLabel: 'SecretLoop: server stopped', tone: 'error' };
    case 'notFound':
      return { text: '$(error) SecretLoop: not installed', tooltip: 'The secretloop language server was not found. Click to see how to install it.', accessibilityLabel: 'SecretLoop: server not found', tone: 'error' };
  }
}
