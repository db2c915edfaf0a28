// Exposes exactly the contract-derived bridge, nothing else: no ipcRenderer, no Node, no Electron.
import { contextBridge, ipcRenderer } from 'electron';
import { createBridge } from '../common/bridge';
import { ipcEventChannel, ipcRequestChannel, type DeskBridge, type Envelope } from '../common/contract';

const desk = createBridge(
  'electron',
  (channel, input) => ipcRenderer.invoke(ipcRequestChannel(channel), input) as Promise<Envelope<unknown>>,
  (event, listener) => {
    const wire = ipcEventChannel(event);
    const handler = (_e: unknown, payload: unknown) => listener(payload);
    ipcRenderer.on(wire, handler);
    return () => {
      ipcRenderer.removeListener(wire, handler);
    };
  },
) satisfies DeskBridge;

contextBridge.exposeInMainWorld('desk', desk);
