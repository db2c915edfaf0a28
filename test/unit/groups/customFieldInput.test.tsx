// The custom-field editor: every known kind is editable; a kind this version does not know is
// shown read-only with its value, never as a free text input.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { customFieldValueProblem } from '../../../electron/common/service';
import { CustomFieldInput, numberOrText } from '../../../renderer/src/features/groups/CustomFieldInput';
import { customFieldRow } from '../../support/custom-field-row';

const field = (dataKind: string) => customFieldRow('f', dataKind, 'Field');
const html = (dataKind: string, value: unknown) =>
  renderToStaticMarkup(<CustomFieldInput field={field(dataKind)} value={value} onChange={() => undefined} />);

describe('CustomFieldInput', () => {
  it('shows a kind it does not know read-only, with its value', () => {
    const out = html('geo_point', { lat: 1 });
    expect(out).toMatch(/<input[^>]*readOnly=""[^>]*>/i);
    expect(out).toContain('value="{&quot;lat&quot;:1}"');
    expect(out).toContain('geo_point');
  });

  it('edits text fields (str) in an editable input', () => {
    const out = html('str', 'Prefers email');
    expect(out).toMatch(/<input type="text"/);
    expect(out).not.toMatch(/readonly/i);
    expect(out).toContain('value="Prefers email"');
  });
});

describe('numberOrText', () => {
  it('keeps what is not a number as typed, so the check names the field instead of sending nothing', () => {
    expect(numberOrText('12')).toBe(12);
    expect(numberOrText(' 1.5 ')).toBe(1.5);
    expect(numberOrText('1.')).toBe(1);
    expect(numberOrText('')).toBeNull();
    expect(numberOrText('three')).toBe('three');
    expect(numberOrText('1,5')).toBe('1,5');
    expect(customFieldValueProblem({ ...field('number'), name: 'Reviews completed' }, numberOrText('three'))).toBe(
      'Reviews completed must be a number',
    );
  });

  it('shows a number field as text with the value held', () => {
    expect(html('number', 7)).toMatch(/<input type="text" inputMode="decimal"[^>]*value="7"/);
  });
});
