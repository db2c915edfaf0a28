// The Electron transport: the only module that touches ipcMain and webContents.send. Each request
// is checked for its sender (a known window's main frame on app://desk), then handed to the router,
// which validates the input against the contract and returns an Envelope. Handlers are registered
// before core has finished opening (the window comes first); a request waits for core.
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { ipcEventChannel, ipcRequestChannel, requestChannels, type Envelope } from '../common/contract';
import type { Core } from '../core/composition';
import { nextTurn } from '../core/perf/turns';
import { isTrustedFrame } from './security';

export interface IpcTransport {
  /** Windows whose web contents may call core and receive its events. */
  addWindow(contents: WebContents): void;
  dispose(): void;
}

export function registerIpc(coreOrOpening: Core | Promise<Core>): IpcTransport {
  const opening = Promise.resolve(coreOrOpening);
  const known = new Map<number, WebContents>();
  let disposed = false;

  for (const channel of requestChannels) {
    ipcMain.handle(ipcRequestChannel(channel), async (event: IpcMainInvokeEvent, input: unknown): Promise<Envelope<unknown>> => {
      if (!known.has(event.sender.id) || !isTrustedFrame(event.senderFrame)) {
        return { ok: false, error: { code: 'forbidden_sender', message: 'This request did not come from a Referee Desk window.' } };
      }
      const core = await opening;
      // One request per turn of the loop: whether Electron hands several queued IPC messages to the
      // main process in one task is Chromium's business, so a burst (ten uploads sent at once) could run
      // their synchronous parts back to back; waiting for a turn of our own costs one turn at most.
      await nextTurn();
      return core.router.handle(channel, input, { transport: 'ipc' });
    });
  }

  let unsubscribe = () => {};
  void opening.then(
    (core) => {
      if (disposed) return;
      unsubscribe = core.events.onAny((event, payload) => {
        for (const contents of known.values()) {
          if (!contents.isDestroyed()) contents.send(ipcEventChannel(event), payload);
        }
      });
    },
    () => undefined,
  );

  return {
    addWindow(contents) {
      known.set(contents.id, contents);
      contents.once('destroyed', () => known.delete(contents.id));
    },
    dispose() {
      disposed = true;
      unsubscribe();
      for (const channel of requestChannels) ipcMain.removeHandler(ipcRequestChannel(channel));
      known.clear();
    },
  };
}
