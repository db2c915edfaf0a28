export {
  Connectivity,
  serviceProbe,
  UNREACHABLE,
  type ConnectivityChange,
  type ConnectivityOptions,
  type ConnectivityState,
} from './connectivity';
export { SyncLoop, type SyncLoopOptions, type SyncStatus } from './loop';
export { systemTimers, type Timers } from './timers';
