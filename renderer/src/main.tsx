import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Shell } from './components/Shell';
import { deskFromBridge, detectBridge } from './platform/desk';
import { setDesk } from './platform/instance';
import { listenToShell } from './platform/shell-events';
import { useApp } from './stores/app';
import { useCandidates } from './stores/candidates';
import { useManuscripts } from './stores/manuscripts';
import './styles.css';

const root = createRoot(document.getElementById('root')!);
try {
  const desk = deskFromBridge(detectBridge());
  setDesk(desk);
  useApp.getState().start(desk);
  listenToShell(desk);
  desk.on('upload.progress', (p) => useManuscripts.getState().setProgress(p.manuscriptId, p.sentBytes, p.totalBytes));
  desk.on('data.changed', (e) => {
    if (e.topic === 'manuscripts') void useManuscripts.getState().load();
    if (e.topic === 'candidates' || e.topic === 'marks') {
      void useManuscripts.getState().load();
      void useCandidates.getState().reload();
    }
  });
} catch (err) {
  useApp.setState({ error: err instanceof Error ? err.message : String(err) });
}
root.render(
  <StrictMode>
    <Shell />
  </StrictMode>,
);
