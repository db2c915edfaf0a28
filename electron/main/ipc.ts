// The Electron transport: the only module that touches ipcMain and webContents.send. Each request
// is checked for its sender (a known window's main frame on app://desk), then handed to the router,
// which validates the input against the contract and returns an Envelope.
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { ipcEventChannel, ipcRequestChannel, requestChannels, type Envelope } from '../common/contract';
import type { Core } from '../core/composition';
import { isTrustedFrame } from './security';

export interface IpcTransport {
  /** Windows whose web contents may call core and receive its events. */
  addWindow(contents: WebContents): void;
  dispose(): void;
}

export function registerIpc(core: Core): IpcTransport {
  const known = new Map<number, WebContents>();

  for (const channel of requestChannels) {
    ipcMain.handle(ipcRequestChannel(channel), async (event: IpcMainInvokeEvent, input: unknown): Promise<Envelope<unknown>> => {
      if (!known.has(event.sender.id) || !isTrustedFrame(event.senderFrame)) {
        return { ok: false, error: { code: 'forbidden_sender', message: 'This request did not come from a Referee Desk window.' } };
      }
      return core.router.handle(channel, input, { transport: 'ipc' });
    });
  }

  const unsubscribe = core.events.onAny((event, payload) => {
    for (const contents of known.values()) {
      if (!contents.isDestroyed()) contents.send(ipcEventChannel(event), payload);
    }
  });

  return {
    addWindow(contents) {
      known.set(contents.id, contents);
      contents.once('destroyed', () => known.delete(contents.id));
    },
    dispose() {
      unsubscribe();
      for (const channel of requestChannels) ipcMain.removeHandler(ipcRequestChannel(channel));
      known.clear();
    },
  };
}
