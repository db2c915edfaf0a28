// Command line: npm run -s intake -- FILE...   prints one JSON object per file and line:
// {"file","format","title","abstract","authors":[{"name","affiliation","email","orcid"}],"references","error"}
// Options: --root DIR (refuse files outside DIR), --max-mb N (size limit), --in-process (no worker thread),
// --references (PDF: also count the reference list).
import { IntakeService } from './index';
import { inspectFile } from './inspect';
import type { IntakeOptions, IntakeResult } from './types';

function usage(): never {
  console.error('usage: npm run -s intake -- [--root DIR] [--max-mb N] [--in-process] [--references] FILE...');
  process.exit(2);
}

const files: string[] = [];
const opts: IntakeOptions = {};
let inProcess = false;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i]!;
  if (a === '--root') opts.root = argv[++i] ?? usage();
  else if (a === '--max-mb') opts.maxBytes = Math.round(Number(argv[++i] ?? usage()) * 1024 * 1024);
  else if (a === '--in-process') inProcess = true;
  else if (a === '--references') opts.references = true;
  else if (a === '--help' || a === '-h') usage();
  else files.push(a);
}
if (files.length === 0) usage();

const print = (r: IntakeResult) => {
  const line = {
    file: r.file,
    format: r.format,
    title: r.title,
    abstract: r.abstract,
    authors: r.authors,
    references: r.references,
    error: r.error,
  };
  process.stdout.write(JSON.stringify(line) + '\n');
};

if (inProcess) {
  for (const f of files) print(await inspectFile(f, opts));
} else {
  const service = new IntakeService();
  try {
    for (const f of files) print(await service.inspect(f, opts));
  } finally {
    await service.close();
  }
}
process.exitCode = 0;
