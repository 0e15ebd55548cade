import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRunState, type RunStateInfo } from '../src/runState';
import { describeClientState, describeRunState } from '../src/statusText';

const state = (over: Partial<RunStateInfo>): RunStateInfo => ({
  runId: 'r1', phase: 'scan', status: 'running', filesTotal: 200, filesDone: 40, findings: 0, pending: 0, ...over,
});

describe('parseRunState', () => {
  it('accepts the contract shape', () => {
    const r = parseRunState({ runId: 'abc', phase: 'triage', status: 'running', filesTotal: 3, filesDone: 3, findings: 2, pending: 1 });
    assert.deepEqual(r, { ok: true, state: { runId: 'abc', phase: 'triage', status: 'running', filesTotal: 3, filesDone: 3, findings: 2, pending: 1 } });
  });
  it('turns missing or bad counts into 0 and keeps unknown phase names', () => {
    const r = parseRunState({ phase: 'verify', status: 'running', filesTotal: -1, findings: 'x', pending: 2.7 });
    assert.ok(r.ok);
    assert.deepEqual(r.state, { runId: '', phase: 'verify', status: 'running', filesTotal: 0, filesDone: 0, findings: 0, pending: 2 });
  });
  it('rejects what is not a run state, saying why', () => {
    assert.deepEqual(parseRunState(null), { ok: false, error: 'secretloop/runState: expected an object, got null' });
    assert.deepEqual(parseRunState([1]), { ok: false, error: 'secretloop/runState: expected an object, got object' });
    assert.deepEqual(parseRunState({ status: 'done' }), { ok: false, error: 'secretloop/runState: field "phase" must be a non-empty string' });
  });
});

describe('describeRunState', () => {
  it('shows scan progress while scanning', () => {
    const v = describeRunState(state({}));
    assert.equal(v.text, '$(sync~spin) SecretLoop: scan 40/200');
    assert.equal(v.tone, 'normal');
  });
  it('shows the phase (and findings so far) in later running phases', () => {
    assert.equal(describeRunState(state({ phase: 'discover', filesTotal: 0, filesDone: 0 })).text, '$(sync~spin) SecretLoop: discover');
    assert.equal(describeRunState(state({ phase: 'triage', findings: 3 })).text, '$(sync~spin) SecretLoop: triage · 3 found');
  });
  it('shows how many wait for review', () => {
    const v = describeRunState(state({ phase: 'review', status: 'need_human', findings: 3, pending: 2 }));
    assert.equal(v.text, '$(shield) SecretLoop: 2 to review');
    assert.equal(v.tone, 'warning');
    assert.match(v.tooltip, /Status: waiting for your review/);
    assert.equal(describeRunState(state({ phase: 'filter', status: 'need_human', pending: 0 })).text, '$(shield) SecretLoop: filter: waiting for you');
  });
  it('shows the outcome of a finished run', () => {
    assert.equal(describeRunState(state({ phase: 'report', status: 'done', filesDone: 200 })).text, '$(check) SecretLoop: no secrets');
    assert.equal(describeRunState(state({ phase: 'report', status: 'done', findings: 1 })).text, '$(warning) SecretLoop: 1 secret');
    assert.equal(describeRunState(state({ phase: 'report', status: 'done', findings: 4 })).text, '$(warning) SecretLoop: 4 secrets');
  });
  it('shows stops and failures with the phase they happened in', () => {
    const failed = describeRunState(state({ phase: 'triage', status: 'failed' }));
    assert.equal(failed.text, '$(error) SecretLoop: failed in triage');
    assert.equal(failed.tone, 'error');
    assert.equal(describeRunState(state({ status: 'cancelled' })).text, '$(debug-pause) SecretLoop: stopped in scan');
    assert.equal(describeRunState(state({ phase: 'triage', status: 'budget_exhausted' })).text, '$(debug-pause) SecretLoop: budget spent in triage');
    assert.equal(describeRunState(state({ status: 'paused' })).text, '$(shield) SecretLoop: scan (paused)');
  });
  it('always names the phase in the tooltip and the accessible label', () => {
    for (const s of ['running', 'need_human', 'done', 'failed', 'cancelled', 'budget_exhausted']) {
      const v = describeRunState(state({ phase: 'report', status: s }));
      assert.match(v.tooltip, /^Phase: report$/m);
      assert.match(v.accessibilityLabel, /^SecretLoop: phase report, status /);
    }
    const v = describeRunState(state({ findings: 3, pending: 1 }));
    assert.equal(v.accessibilityLabel, 'SecretLoop: phase scan, status running, 40 of 200 files scanned, 3 findings, 1 waiting for review');
    assert.match(v.tooltip, /Click to show the run summary/);
  });
});

describe('describeClientState', () => {
  it('covers starting, waiting, stopped and not found', () => {
    assert.equal(describeClientState('starting').text, '$(sync~spin) SecretLoop: starting');
    assert.equal(describeClientState('waiting').text, '$(shield) SecretLoop');
    assert.equal(describeClientState('stopped').tone, 'error');
    assert.match(describeClientState('notFound').tooltip, /install/);
  });
});
