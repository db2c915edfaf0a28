import { WEBHOOK_PORT_MESSAGE } from '../../../../electron/common/contract';

/** What the editor typed in the webhook port field: a port, or the reason it is not one. Never a
 * silent 0 — an empty or mistyped field is an error shown next to the field, not "pick any port". */
export function parsePort(raw: string): { port: number } | { error: string } {
  const text = raw.trim();
  if (text === '') return { error: `${WEBHOOK_PORT_MESSAGE}.` };
  if (!/^\d{1,5}$/.test(text)) return { error: `“${text.slice(0, 20)}” is not a port. ${WEBHOOK_PORT_MESSAGE}.` };
  const port = Number(text);
  if (port > 65535) return { error: `${port} is too large. ${WEBHOOK_PORT_MESSAGE}.` };
  return { port };
}
