// Help → Copy diagnostics: what support needs to understand a report (version, system, where the data
// is, how big the cache is, what is queued, the last problems and crash) and nothing that opens a door:
// no API key, token, password, webhook address or credential. Everything passes through `redact` (the
// logger's known secrets) and a pattern scrub for anything that still looks like a secret.
export { cacheFigures } from './cache/figures';

export interface DiagnosticsInput {
  appName: string;
  appVersion: string;
  electron: string | null;
  chrome: string | null;
  node: string;
  os: string;
  arch: string;
  dataDir: string;
  logsDir: string;
  cacheBytes: number | null;
  counts: Record<string, number>;
  outbox: Record<string, number>;
  connectivity: string;
  keyStorage: string;
  updates: string;
  recentProblems: readonly string[];
  lastCrash: string | null;
}

const SECRET_PATTERNS: Array<[RegExp, string]> = [
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}/gi, '$1 [redacted]'],
  [/\b(api[_-]?key|x-api-key|token|secret|password|passwd|authorization)("?\s*[:=]\s*"?)[^\s",}]+/gi, '$1$2[redacted]'],
  [/(?<=\w:\/\/)[^/\s:@]+:[^/\s@]+@/g, '[redacted]@'],
  // The webhook receiver's secret path segment.
  [/(\/hooks?\/)[A-Za-z0-9_-]{12,}/gi, '$1[redacted]'],
];

export function scrubSecrets(text: string): string {
  let out = text;
  for (const [re, to] of SECRET_PATTERNS) out = out.replace(re, to);
  return out;
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

export function formatDiagnostics(d: DiagnosticsInput, redact: (s: string) => string = (s) => s): string {
  const lines = [
    `${d.appName} ${d.appVersion}`,
    `Electron ${d.electron ?? '—'}, Chromium ${d.chrome ?? '—'}, Node ${d.node}`,
    `System: ${d.os} (${d.arch})`,
    `Data folder: ${d.dataDir}`,
    `Logs folder: ${d.logsDir}`,
    `Cache: ${d.cacheBytes === null ? 'not found' : mb(d.cacheBytes)}; ${Object.entries(d.counts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    `Outbox: ${
      Object.entries(d.outbox)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || 'empty'
    }`,
    `Connectivity: ${d.connectivity}; key storage: ${d.keyStorage}`,
    `Updates: ${d.updates}`,
    `Last crash: ${d.lastCrash ?? 'none recorded'}`,
    'Last problems:',
    ...(d.recentProblems.length > 0 ? d.recentProblems.map((l) => `  ${l.length > 500 ? l.slice(0, 500) + '…' : l}`) : ['  none']),
  ];
  return scrubSecrets(redact(lines.join('\n')));
}
