import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatRunSummary } from '../src/runSummary';

describe('formatRunSummary', () => {
  it('says there is no run for an empty answer', () => {
    assert.deepEqual(formatRunSummary(null), ['No run yet: use "SecretLoop: Scan Workspace".']);
    assert.deepEqual(formatRunSummary(undefined), ['No run yet: use "SecretLoop: Scan Workspace".']);
  });
  it('lays out nested objects and lists', () => {
    const lines = formatRunSummary({
      runId: 'r1', status: 'done', counts: { confirmed: 1, dismissed: 2 }, failures: [], notes: ['binary file skipped'], reason: null,
    });
    assert.deepEqual(lines, [
      'SecretLoop run summary:',
      '  runId: r1',
      '  status: done',
      '  counts:',
      '    confirmed: 1',
      '    dismissed: 2',
      '  failures: (none)',
      '  notes:',
      '    - binary file skipped',
      '  reason: -',
    ]);
  });
  it('cuts long lists and deep nesting', () => {
    const lines = formatRunSummary({ files: Array.from({ length: 25 }, (_, i) => `f${i}`), deep: { a: { b: { c: { d: 1 } } } } });
    assert.ok(lines.includes('    … and 5 more'));
    assert.ok(lines.includes('          …'));
    assert.equal(lines.filter((l) => l.trim().startsWith('- f')).length, 20);
  });
  it('shows a list of objects as indented items', () => {
    assert.deepEqual(formatRunSummary({ findings: [{ rule: 'github-pat', preview: 'ghp_****…****3kQ' }] }), [
      'SecretLoop run summary:',
      '  findings:',
      '    -',
      '      rule: github-pat',
      '      preview: ghp_****…****3kQ',
    ]);
  });
});
