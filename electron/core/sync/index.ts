export {
  Connectivity,
  serviceProbe,
  UNREACHABLE,
  type ConnectivityChange,
  type ConnectivityOptions,
  type ConnectivityState,
} from './connectivity';
export { SyncLoop, type SyncLoopOptions, type SyncStatus } from './loop';
export { Emitter } from './emitter';
export { systemTimers, type Timers } from './timers';
