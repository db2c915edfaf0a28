type Env = Record<string, string | undefined>;
export function electronRequired(env?: Env): boolean;
export function skipReason(reason: string, env?: Env): string;
export function electronBinary(env?: Env): { path: string | null; reason: string | null };
