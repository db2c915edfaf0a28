// The process model (docs/process-model.md): the local demo service runs in a process of its own
// under core's DemoSupervisor, core starts in two phases (the window's app.info answers before the
// demo service is ready), and a dead demo service is said so and restarted once.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppInfo, Envelope, StatusEvent } from '../../electron/common/contract';
import { createCore, type Core } from '../../electron/core/composition';
import { demoProcess, DemoSupervisor, type DemoChild, type DemoForkOptions } from '../../electron/core/demo/supervisor';
import { demoDataDir, forkDemoNode } from '../../electron/localservice/app-demo';
import { MemoryLogger, MemorySecrets } from '../support/fakes';
import { SMALL_CORPUS } from '../support/web-app';

/** A demo process under the test's control: it answers, fails or dies when told. */
class FakeChild implements DemoChild {
  private message: ((m: unknown) => void) | null = null;
  private exit: ((code: number | null) => void) | null = null;
  killed = false;
  constructor(readonly opts: DemoForkOptions) {}
  onMessage(listener: (m: unknown) => void) {
    this.message = listener;
  }
  onExit(listener: (code: number | null) => void) {
    this.exit = listener;
  }
  kill() {
    this.killed = true;
    queueMicrotask(() => this.exit?.(null));
  }
  send(m: unknown) {
    this.message?.(m);
  }
  ready(port = 40000) {
    this.message?.({ type: 'ready', base_url: `http://127.0.0.1:${port}`, api_key: 'demo-key-123' });
  }
  fail(message: string) {
    this.message?.({ type: 'failed', message });
    this.exit?.(1);
  }
  die(code = 137) {
    this.exit?.(code);
  }
}

function fakeFork() {
  const children: FakeChild[] = [];
  const spawned: Array<() => void> = [];
  const fork = (opts: DemoForkOptions) => {
    const c = new FakeChild(opts);
    children.push(c);
    spawned.splice(0).forEach((f) => f());
    return c;
  };
  /** Resolves with the nth child (0-based) once it has been forked. */
  const child = async (n: number): Promise<FakeChild> => {
    while (!children[n]) await new Promise<void>((r) => spawned.push(r));
    return children[n]!;
  };
  return { fork, children, child };
}

const tick = () => new Promise((r) => setImmediate(r));

/** A supervisor of fake children, its data folder '/demo'. */
const supervisor = (f: ReturnType<typeof fakeFork>, opts: { readyTimeoutMs?: number; restarts?: number } = {}) =>
  new DemoSupervisor({ fork: f.fork, dataDir: '/demo', logger: new MemoryLogger(), ...opts });

/** A core in a temp data folder whose demo service is a fake child; started by the test (`core.start()`). */
const deferredCore = (f: ReturnType<typeof fakeFork>, appVersion = '1') =>
  createCore({
    appVersion,
    dataDir: mkdtempSync(join(tmpdir(), 'desk-process-')),
    host: 'browser',
    secrets: new MemorySecrets(),
    logger: new MemoryLogger(),
    startDemo: demoProcess({ fork: f.fork, dataDir: '/demo', logger: new MemoryLogger() }).startDemo,
    deferStart: true,
  });

describe('DemoSupervisor (fake process)', () => {
  it('resolves with the address the child posts, and asks for the same port on a restart', async () => {
    const f = fakeFork();
    const s = supervisor(f);
    const restarted: string[] = [];
    const restarting: string[] = [];
    const started = s.start({ restarting: (r) => restarting.push(r), restarted: (svc) => void restarted.push(svc.baseUrl) });
    (await f.child(0)).ready(41234);
    expect(await started).toEqual({ baseUrl: 'http://127.0.0.1:41234', apiKey: 'demo-key-123' });
    expect(f.children[0]!.opts).toEqual({ dataDir: '/demo', port: 0 });

    f.children[0]!.die(9);
    const second = await f.child(1);
    expect(restarting).toEqual(['the local demo service stopped unexpectedly (exit code 9)']);
    expect(second.opts.port).toBe(41234);
    second.ready(41234);
    await tick();
    expect(restarted).toEqual(['http://127.0.0.1:41234']);
    expect(s.status).toBe('running');
  });

  it('gives up after the one restart and says why', async () => {
    const f = fakeFork();
    const s = supervisor(f);
    const failed: string[] = [];
    const started = s.start({ failed: (r) => failed.push(r) });
    (await f.child(0)).ready();
    await started;
    f.children[0]!.die(1);
    (await f.child(1)).ready();
    await tick();
    f.children[1]!.die(139);
    await tick();
    expect(f.children).toHaveLength(2);
    expect(s.status).toBe('failed');
    expect(failed).toEqual(['The local demo service stopped unexpectedly (exit code 139).']);
  });

  it('a supervisor that gave up can be started again, with its one restart renewed', async () => {
    const f = fakeFork();
    const s = supervisor(f);
    const failed: string[] = [];
    const events = { failed: (r: string) => failed.push(r) };
    const started = s.start(events);
    (await f.child(0)).ready(41000);
    await started;
    f.children[0]!.die(1);
    (await f.child(1)).ready(41000);
    await tick();
    f.children[1]!.die(134);
    await tick();
    expect(s.status).toBe('failed');
    expect(failed).toHaveLength(1);

    const again = s.start(events);
    const third = await f.child(2);
    expect(third.opts.port).toBe(41000);
    third.ready(41000);
    expect(await again).toEqual({ baseUrl: 'http://127.0.0.1:41000', apiKey: 'demo-key-123' });
    expect(s.status).toBe('running');
    // the restart is renewed: one more death is restarted, not given up on
    third.die(1);
    (await f.child(3)).ready(41000);
    await tick();
    expect(s.status).toBe('running');
    expect(failed).toHaveLength(1);
  });

  it('a start that fails is tried once more, then rejected with the child’s reason', async () => {
    const f = fakeFork();
    const s = supervisor(f);
    const started = s.start();
    (await f.child(0)).fail('disk full');
    (await f.child(1)).fail('disk full again');
    await expect(started).rejects.toThrow('disk full again');
    expect(s.status).toBe('failed');
  });

  it('a child that never answers times out; a malformed message is ignored', async () => {
    const f = fakeFork();
    const s = supervisor(f, { readyTimeoutMs: 30, restarts: 0 });
    const started = s.start();
    const c = await f.child(0);
    c.send({ type: 'ready', base_url: 'not a url', api_key: '' });
    await expect(started).rejects.toThrow('did not answer within 0 s');
    expect(c.killed).toBe(true);
  });

  it('close() stops the child and no restart follows', async () => {
    const f = fakeFork();
    const s = supervisor(f);
    const started = s.start();
    (await f.child(0)).ready();
    await started;
    await s.close();
    await tick();
    expect(f.children[0]!.killed).toBe(true);
    expect(f.children).toHaveLength(1);
    expect(s.status).toBe('closed');
  });
});

describe('two-phase core start', () => {
  let core: Core | null = null;
  afterEach(async () => {
    await core?.close();
    core = null;
  });
  const info = async (c: Core) =>
    ((await c.router.handle('app.info', {}, { transport: 'test' })) as Envelope<AppInfo> & { ok: true }).value;
  const status = async (c: Core) =>
    ((await c.router.handle('app.status', {}, { transport: 'test' })) as Envelope<StatusEvent> & { ok: true }).value;

  it('answers app.info before the demo service is ready, says it is starting, then shows the demo profile', async () => {
    const f = fakeFork();
    core = await deferredCore(f, '1.2.3');
    // Phase 1 only: no process yet, the window's first questions are answered.
    expect(f.children).toHaveLength(0);
    expect((await info(core)).version).toBe('1.2.3');
    const starting = core.start();
    const child = await f.child(0);
    expect((await info(core)).notices).toEqual([]);
    expect((await status(core)).message).toBe('Starting the local demo service…');
    expect(
      ((await core.router.handle('profiles.list', {}, { transport: 'test' })) as Envelope<{ profiles: unknown[] }> & { ok: true }).value
        .profiles,
    ).toEqual([]);
    child.ready(45678);
    await starting;
    const profiles = (await core.router.handle('profiles.list', {}, { transport: 'test' })) as Envelope<{
      profiles: Array<{ kind: string; baseUrl: string; active: boolean }>;
    }> & { ok: true };
    expect(profiles.value.profiles).toMatchObject([{ kind: 'demo', baseUrl: 'http://127.0.0.1:45678', active: true }]);
    expect(core.workspace()?.api.baseUrl).toBe('http://127.0.0.1:45678');
    expect((await status(core)).message).not.toMatch(/demo service/);
  });

  it('a first start: the list is empty and an upload waits for the demo service, then is queued for its profile', async () => {
    const f = fakeFork();
    core = await deferredCore(f);
    const call = (channel: string, input: unknown) =>
      core!.router.handle(channel as 'manuscripts.list', input as never, { transport: 'test' });
    // Before the start and while the demo service starts: nothing to list, no "No connection profile" error.
    expect(await call('manuscripts.list', {})).toEqual({ ok: true, value: [] });
    const starting = core.start();
    const child = await f.child(0);
    expect(await call('manuscripts.folders', {})).toEqual({ ok: true, value: [] });
    const form = { folder: 'DEMO', origin_id: 'first-1', title: 'Lichens', abstract: 'About lichens.', authors_count: 1 };
    let answered = false;
    const upload = call('manuscripts.upload', { form }).then((r) => ((answered = true), r));
    await tick();
    await tick();
    expect(answered).toBe(false);

    child.ready(45679);
    await starting;
    const queued = await upload;
    expect(queued).toMatchObject({ ok: true, value: { originId: 'first-1', folder: 'DEMO' } });
    const profileId = core.workspace()!.profileId;
    expect(core.cache.manuscripts.get(profileId, 'first-1')).not.toBeNull();
    expect(core.workspace()!.outbox.counts().pending).toBe(1);
  });

  it('a first start whose demo service fails: a waiting upload is refused with the reason, not left hanging', async () => {
    const f = fakeFork();
    core = await deferredCore(f);
    const starting = core.start();
    const child = await f.child(0);
    const form = { folder: 'DEMO', origin_id: 'first-2', title: 'Lichens', abstract: 'About lichens.', authors_count: 1 };
    const upload = core.router.handle('manuscripts.upload', { form }, { transport: 'test' });
    child.fail('the port is taken');
    (await f.child(1)).fail('the port is taken');
    await starting;
    expect(await upload).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: expect.stringMatching(/No connection profile/) },
    });
  });

  it('the demo process dies: the status bar says so, it is restarted once, a second death is a notice', async () => {
    const f = fakeFork();
    core = await deferredCore(f);
    const messages: string[] = [];
    core.events.on('app.status', (s) => messages.push(s.message));
    const starting = core.start();
    (await f.child(0)).ready(45001);
    await starting;
    f.children[0]!.die(137);
    const second = await f.child(1);
    expect(messages.at(-1)).toBe('The local demo service stopped; restarting it…');
    second.ready(45002); // the old port was taken: the profile follows the new one
    await expect.poll(() => core!.workspace()?.api.baseUrl).toBe('http://127.0.0.1:45002');
    await expect.poll(async () => (await status(core!)).message).not.toMatch(/demo service/);
    second.die(1);
    await expect.poll(async () => (await status(core!)).message).toMatch(/^The local demo service stopped unexpectedly \(exit code 1\)\./);
    expect((await info(core)).notices).toEqual(['The local demo service stopped unexpectedly (exit code 1).']);
    expect(f.children).toHaveLength(2);
  });

  it('a supervisor that gave up is reported to the window as failed, and demo.restart brings the service back', async () => {
    const f = fakeFork();
    core = await deferredCore(f);
    const seen: StatusEvent[] = [];
    core.events.on('app.status', (s) => seen.push(s));
    const starting = core.start();
    (await f.child(0)).ready(45101);
    await starting;
    expect((await status(core)).demo).toEqual({ state: 'running', message: null });
    // nothing to restart while it runs
    const early = await core.router.handle('demo.restart', {}, { transport: 'test' });
    expect(early).toMatchObject({ ok: false, error: { code: 'conflict' } });

    f.children[0]!.die(137);
    (await f.child(1)).ready(45101);
    await expect.poll(async () => (await status(core!)).demo?.state).toBe('running');
    f.children[1]!.die(137);
    await expect.poll(async () => (await status(core!)).demo?.state).toBe('failed');
    const gaveUp = await status(core);
    expect(gaveUp.demo).toEqual({ state: 'failed', message: 'The local demo service stopped unexpectedly (exit code 137).' });
    expect(gaveUp.message).toMatch(/^The local demo service stopped unexpectedly/);
    // the window was told, not only asked
    expect(seen.at(-1)?.demo?.state).toBe('failed');
    expect(seen.map((s) => s.demo?.state)).toContain('restarting');

    const restart = core.router.handle('demo.restart', {}, { transport: 'test' });
    const third = await f.child(2);
    await expect.poll(async () => (await status(core!)).demo?.state).toBe('starting');
    third.ready(45102);
    const answer = (await restart) as Envelope<StatusEvent>;
    expect(answer).toMatchObject({ ok: true, value: { demo: { state: 'running', message: null } } });
    expect((await status(core)).message).not.toMatch(/demo service/);
    expect(core.workspace()?.api.baseUrl).toBe('http://127.0.0.1:45102');
    expect((await info(core)).notices).toEqual([]);
  });

  it('a demo service that cannot start is a notice and a status line, and the app keeps answering', async () => {
    const f = fakeFork();
    core = await deferredCore(f);
    const starting = core.start();
    (await f.child(0)).fail('the data folder is read-only');
    (await f.child(1)).fail('the data folder is read-only');
    await starting;
    const i = await info(core);
    expect(i.notices).toEqual(['The local demo service could not start: the data folder is read-only']);
    expect((await status(core)).message).toBe('The local demo service could not start: the data folder is read-only');
    expect((await status(core)).demo).toEqual({
      state: 'failed',
      message: 'The local demo service could not start: the data folder is read-only',
    });
    // the editor freed the folder and asks again
    const restart = core.router.handle('demo.restart', {}, { transport: 'test' });
    (await f.child(2)).ready(45201);
    expect(await restart).toMatchObject({ ok: true, value: { demo: { state: 'running', message: null } } });
    expect(core.workspace()?.api.baseUrl).toBe('http://127.0.0.1:45201');
    expect((await info(core)).notices).toEqual([]);
  });
});

describe('the demo service in a real child process', () => {
  it('starts, posts its address, is killed, and comes back on the same port', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'desk-process-real-'));
    const pids: number[] = [];
    const nodeFork = forkDemoNode(undefined, SMALL_CORPUS);
    const demo = demoProcess({
      fork: (o) => {
        const c = nodeFork(o);
        if (c.pid) pids.push(c.pid);
        return c;
      },
      dataDir: demoDataDir(dataDir),
      logger: new MemoryLogger(),
    });
    const c = await createCore({
      appVersion: '1',
      dataDir,
      host: 'browser',
      secrets: new MemorySecrets(),
      logger: new MemoryLogger(),
      startDemo: demo.startDemo,
    });
    try {
      const baseUrl = c.workspace()!.api.baseUrl;
      const test = async () =>
        (
          (await c.router.handle('profiles.test', { id: c.profiles.activeId() }, { transport: 'test' })) as Envelope<{ ok: boolean }> & {
            ok: true;
          }
        ).value.ok;
      expect(await test()).toBe(true);
      expect(pids).toHaveLength(1);
      expect(pids[0]).not.toBe(process.pid);
      process.kill(pids[0]!, 'SIGKILL');
      await expect.poll(() => pids.length, { timeout: 20_000 }).toBe(2);
      await expect.poll(() => demo.supervisor.status, { timeout: 20_000 }).toBe('running');
      expect(c.workspace()!.api.baseUrl).toBe(baseUrl);
      expect(await test()).toBe(true);
    } finally {
      await demo.supervisor.close();
      await c.close();
    }
    expect(() => process.kill(pids[1]!, 0)).toThrow();
  }, 120_000);
});
