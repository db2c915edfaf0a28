import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Shell } from './components/Shell';
import { connect } from './data/connect';
import { deskFromBridge, detectBridge } from './platform/desk';
import { errorText, setDesk } from './platform/instance';
import { listenToShell } from './platform/shell-events';
import { useApp } from './stores/app';
// The UI font ships with the app (Inter, its variable weights; the files are bundled beside the code and served
// by the app itself, font-src 'self'): the window looks the same on every system.
import '@fontsource-variable/inter';
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
