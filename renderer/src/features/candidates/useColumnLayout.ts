import { useState } from 'react';
import { normalizeLayout, type ColumnLayout } from '../../../../electron/common/domain/candidates';

const KEY = 'referee-desk.candidate-columns';

/** The editor's column layout, remembered in this window's local storage (the same in Electron and the browser). */
export function useColumnLayout(): [ColumnLayout, (l: ColumnLayout) => void] {
  const [layout, setLayout] = useState<ColumnLayout>(() => {
    try {
      const saved = localStorage.getItem(KEY);
      return normalizeLayout(saved ? JSON.parse(saved) : null);
    } catch {
      return normalizeLayout(null);
    }
  });
  const save = (l: ColumnLayout) => {
    const next = normalizeLayout(l);
    setLayout(next);
    try {
      localStorage.setItem(KEY, JSON.stringify(next));
    } catch {
      // Storage full or refused: the layout holds for this session.
    }
  };
  return [layout, save];
}
