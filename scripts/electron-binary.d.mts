export function electronBinary(): { path: string | null; reason: string | null };
