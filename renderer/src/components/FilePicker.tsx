// The manuscript file picker, mounted once by the shell so Ctrl+O can open it from any view within
// the keystroke's user activation (a browser shows a file chooser only then). In Electron the main
// process's dialog is used instead (files.pick).
import { useManuscripts } from '../stores/manuscripts';

const INPUT_ID = 'manuscript-file-input';

/** Opens the system's file picker for PDF/DOCX manuscripts; the chosen files join the upload queue. */
export function openFilePicker(host: 'electron' | 'browser' | undefined): void {
  if (host === 'electron') void useManuscripts.getState().pick();
  else document.getElementById(INPUT_ID)?.click();
}

export function FilePickerInput() {
  return (
    <input
      id={INPUT_ID}
      type="file"
      multiple
      accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
      hidden
      data-testid="file-input"
      onChange={(e) => {
        const files = [...(e.target.files ?? [])];
        e.target.value = '';
        void useManuscripts.getState().addFiles(files.map((f) => ({ name: f.name, size: f.size, read: () => f.arrayBuffer(), file: f })));
      }}
    />
  );
}
