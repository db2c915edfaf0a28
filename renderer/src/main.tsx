import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Shell } from './components/Shell';
import { connect } from './data/topics';
import { deskFromBridge, detectBridge } from './platform/desk';
import { errorText, setDesk } from './platform/instance';
import { listenToShell } from './platform/shell-events';
import { useApp } from './stores/app';
import './styles.css';

const root = createRoot(document.getElementById('root')!);
try {
  const desk = deskFromBridge(detectBridge());
  setDesk(desk);
  connect(desk);
  listenToShell(desk);
} catch (err) {
  useApp.setState({ error: errorText(err) });
}
root.render(
  <StrictMode>
    <Shell />
  </StrictMode>,
);
