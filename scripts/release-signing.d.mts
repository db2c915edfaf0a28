type Env = Record<string, string | undefined>;
export function isRelease(env: Env): boolean;
export function releaseSigning(platform: string, env: Env): { missing: string[]; args: string[] };
