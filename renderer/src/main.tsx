import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Shell } from './components/Shell';
import { deskFromBridge, detectBridge } from './platform/desk';
import { useApp } from './stores/app';
import './styles.css';

const root = createRoot(document.getElementById('root')!);
try {
  const desk = deskFromBridge(detectBridge());
  useApp.getState().start(desk);
} catch (err) {
  useApp.setState({ error: err instanceof Error ? err.message : String(err) });
}
root.render(
  <StrictMode>
    <Shell />
  </StrictMode>,
);
