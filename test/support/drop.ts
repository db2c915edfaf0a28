// Drops a file on the window the way the OS does: dragover then drop with a DataTransfer of Files.
import type { Page } from 'playwright-core';

export async function dropFile(page: Page, name: string, bytes: Buffer, type: string): Promise<void> {
  await page.evaluate(
    ({ name, b64, type }) => {
      const bin = atob(b64);
      const data = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) data[i] = bin.charCodeAt(i);
      const dt = new DataTransfer();
      dt.items.add(new File([data], name, { type }));
      window.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    },
    { name, b64: bytes.toString('base64'), type },
  );
}
