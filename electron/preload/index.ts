// Exposes exactly the contract-derived bridge, nothing else: no ipcRenderer, no Node, no Electron.
// A dropped or picked file crosses as its path (webUtils.getPathForFile), which the page never sees.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { createBridge, type RawInvoke } from '../common/bridge';
import { ipcEventChannel, ipcRequestChannel, type DeskBridge, type Envelope } from '../common/contract';
import { stageFileBy, withoutPathChannel } from '../common/stage-file';

const invoke: RawInvoke = (channel, input) => ipcRenderer.invoke(ipcRequestChannel(channel), input) as Promise<Envelope<unknown>>;

const desk = createBridge(
  'electron',
  withoutPathChannel(invoke),
  (event, listener) => {
    const wire = ipcEventChannel(event);
    const handler = (_e: unknown, payload: unknown) => listener(payload);
    ipcRenderer.on(wire, handler);
    return () => {
      ipcRenderer.removeListener(wire, handler);
    };
  },
  { stageFile: stageFileBy((file) => webUtils.getPathForFile(file as File), invoke) },
) satisfies DeskBridge;

contextBridge.exposeInMainWorld('desk', desk);
