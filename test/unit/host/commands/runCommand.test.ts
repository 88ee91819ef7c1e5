// The command wrapper's contract, in plain Node (the editor's half comes in as a FailureSink): a failure of
// run() is shown once and the command resolves undefined; a bad argument is refused with its own message;
// cancellation is silent; throwBack hands failures back to programs; an already reported one is not repeated.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isVoiceSmsError } from '../../../../src/core/errors.js';
import { readPanelArgs, type PanelArgs } from '../../../../src/host/commands/panelArgs.js';
import { runCommand, type CommandSpec, type FailureSink } from '../../../../src/host/commands/runCommand.js';
import { reportedError } from '../../../../src/host/platform/reported.js';

class AbortLike extends Error {
  override name = 'AbortError';
}

function recordingSink(): FailureSink & { shown: { title: string; e: unknown }[] } {
  const shown: { title: string; e: unknown }[] = [];
  return { shown, show: (title, e) => shown.push({ title, e }), isCancellation: (e) => e instanceof AbortLike };
}

type Spec<A = unknown> = CommandSpec<{ calls: number }, undefined, A>;

function run(spec: Spec, raw: unknown, sink: FailureSink): Promise<unknown> {
  return runCommand(spec, { calls: 0 }, undefined, raw, sink);
}

void describe('runCommand', () => {
  void it('passes the parsed argument to run and returns what run returns', async () => {
    const sink = recordingSink();
    const spec: Spec<PanelArgs> = { parseArg: readPanelArgs, failure: { title: () => 'Open' }, run: (_s, a) => a.monthId };
    assert.equal(await run(spec as Spec, { instanceId: 'VI-1', monthId: '202406' }, sink), '202406');
    assert.deepEqual(sink.shown, []);
  });

  void it('shows a failure of run() once, under the title, and resolves undefined', async () => {
    const sink = recordingSink();
    const boom = new Error('the service said no');
    const spec: Spec = {
      failure: { title: () => 'Open Month View' },
      run: () => Promise.reject(boom),
    };
    assert.equal(await run(spec, undefined, sink), undefined);
    assert.equal(sink.shown.length, 1);
    assert.equal(sink.shown[0]?.title, 'Open Month View');
    // The very error goes to the sink (platform/errors.ts showError scrubs its message there).
    assert.equal(sink.shown[0]?.e, boom);
  });

  void it('refuses a bad argument with an error naming the field, before run()', async () => {
    const sink = recordingSink();
    let ran = false;
    const spec: Spec<PanelArgs> = {
      parseArg: readPanelArgs,
      failure: { title: () => 'Copy ID' },
      run: () => {
        ran = true;
      },
    };
    assert.equal(await run(spec as Spec, { monthId: '202413' }, sink), undefined);
    assert.equal(ran, false);
    assert.equal(sink.shown.length, 1);
    const e = sink.shown[0]?.e;
    assert.ok(isVoiceSmsError(e, 'validation'), `expected a validation error, got ${String(e)}`);
    assert.equal(e.details.field, 'monthId');

    // Without `failure` the same refusal goes back to the caller, unshown.
    const quiet = recordingSink();
    await assert.rejects(run({ parseArg: readPanelArgs, run: () => 'ran' }, { instanceId: 'a/b' }, quiet), /instanceId/);
    assert.deepEqual(quiet.shown, []);
  });

  void it('stays silent when the user cancels, whatever throwBack says', async () => {
    const sink = recordingSink();
    const spec: Spec = { failure: { title: () => 'Export', throwBack: () => 'unshown' }, run: () => Promise.reject(new AbortLike('x')) };
    assert.equal(await run(spec, { format: 'csv' }, sink), undefined);
    assert.deepEqual(sink.shown, []);
  });

  void it('throws back to a program: unshown, or shown as well', async () => {
    const boom = new Error('bad month');
    const unshown = recordingSink();
    const driven = (raw: unknown) => (typeof raw === 'object' && raw !== null ? ('unshown' as const) : false);
    const spec: Spec = { failure: { title: () => 'Export', throwBack: driven }, run: () => Promise.reject(boom) };
    await assert.rejects(run(spec, {}, unshown), (e) => e === boom);
    assert.deepEqual(unshown.shown, []);
    // The same command from the palette (no argument): shown, resolves undefined.
    assert.equal(await run(spec, undefined, unshown), undefined);
    assert.equal(unshown.shown.length, 1);

    const shown = recordingSink();
    const resend: Spec = { failure: { title: () => 'Resend SMS', throwBack: () => 'shown' }, run: () => Promise.reject(boom) };
    await assert.rejects(run(resend, undefined, shown), (e) => e === boom);
    assert.equal(shown.shown.length, 1);
  });

  void it('does not repeat a failure its command already reported, and rejects unshown without `failure`', async () => {
    const sink = recordingSink();
    const told = reportedError('SMS not sent: 402');
    const spec: Spec = { failure: { title: () => 'Send Test SMS', throwBack: () => 'shown' }, run: () => Promise.reject(told) };
    await assert.rejects(run(spec, {}, sink), /SMS not sent: 402/);
    assert.deepEqual(sink.shown, []);

    const bare: Spec = { run: () => Promise.reject(new Error('no profile named "x"')) };
    await assert.rejects(run(bare, { name: 'x' }, sink), /no profile named/);
    assert.deepEqual(sink.shown, []);
  });
});
