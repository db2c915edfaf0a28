import * as Checkbox from '@radix-ui/react-checkbox';
import { Modal } from '../../components/Modal';
import { ArrowDown, ArrowUp, Check, Columns3 } from 'lucide-react';
import {
  DEFAULT_LAYOUT,
  SCREEN_COLUMNS,
  moveColumn,
  type ColumnLayout,
  type ScreenColumnKey,
} from '../../../../electron/common/domain/candidates';

/** The column's label in the one definition (the table's header may be shorter). */
const label = (key: ScreenColumnKey) => SCREEN_COLUMNS.find((c) => c.key === key)?.label ?? key;

/** Show, hide and order the candidate columns; the layout is remembered (see useColumnLayout). */
export function ColumnChooser({ layout, onChange }: { layout: ColumnLayout; onChange: (l: ColumnLayout) => void }) {
  const fixed = new Set(SCREEN_COLUMNS.filter((c) => c.screen.fixed).map((c) => c.key));
  return (
    <Modal
      trigger={
        <button type="button">
          <Columns3 size={16} aria-hidden="true" /> Columns
        </button>
      }
      className="column-chooser"
      title="Columns"
      description="Choose the columns of the candidate table and their order. Rank and name always come first."
    >
      <ul className="chooser-list">
        {layout.order.map((key, i) => {
          const shown = !layout.hidden.includes(key);
          const id = `col-${key}`;
          return (
            <li key={key}>
              <Checkbox.Root
                id={id}
                className="checkbox"
                checked={shown}
                disabled={fixed.has(key)}
                onCheckedChange={(v) =>
                  onChange({ ...layout, hidden: v === true ? layout.hidden.filter((k) => k !== key) : [...layout.hidden, key] })
                }
              >
                <Checkbox.Indicator>
                  <Check size={14} aria-hidden="true" />
                </Checkbox.Indicator>
              </Checkbox.Root>
              <label htmlFor={id}>{label(key)}</label>
              <span className="spacer" />
              {fixed.has(key) ? null : (
                <>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Move ${label(key)} up`}
                    disabled={i <= fixed.size}
                    onClick={() => onChange(moveColumn(layout, key, -1))}
                  >
                    <ArrowUp size={14} aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Move ${label(key)} down`}
                    disabled={i === layout.order.length - 1}
                    onClick={() => onChange(moveColumn(layout, key, 1))}
                  >
                    <ArrowDown size={14} aria-hidden="true" />
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ul>
      <div className="dialog-actions">
        <button type="button" onClick={() => onChange(DEFAULT_LAYOUT)}>
          Reset
        </button>
        <Modal.Close asChild>
          <button type="button" className="primary">
            Done
          </button>
        </Modal.Close>
      </div>
    </Modal>
  );
}
