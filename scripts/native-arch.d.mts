export function binaryArchs(buf: Buffer): string[];
export function checkNativeArch(
  dir: string,
  arch: string,
): { modules: Array<{ file: string; archs: string[] }>; wrong: Array<{ file: string; archs: string[] }>; keyring: boolean };
