/* eslint-disable no-control-regex -- superscript runs are delimited by U+0001 … U+0002 (layout.ts SUP_OPEN/SUP_CLOSE) */
// Header model for DOCX: paragraphs with style, size, bold, centring and superscripts read straight from
// word/document.xml (+ styles.xml), then the same name/e-mail/ORCID heuristics as for PDFs.
import { INTAKE_BOUNDS } from './bounds';
import { limitsOf } from './check';
import { confidenceOf, type Attachment } from './confidence';
import {
  assignEmails,
  assignOrcids,
  correspondingMark,
  docxAbstract,
  docxBounds,
  docxTitle,
  mostlyNames,
  ownAffiliation,
  ownOrcid,
  rule,
  docxAffiliations,
} from './decisions';
import { ROLE_MODEL, classifyLine, lineFeatures, roleScores, type LineInput, type RoleLine, type RoleModel } from './roles';
import type { Extracted } from './pdf';
import { REFERENCES_HEAD, clean, findEmails, looksLikeName, splitAuthorLine } from './text';
import { readZipEntries } from './zip';
import type { IntakeAuthor, IntakeOptions } from './types';

interface Para {
  /** Text with superscript runs wrapped in \u0001…\u0002; manual line breaks as "\n". */
  text: string;
  plain: string;
  style: string;
  size: number;
  bold: boolean;
  center: boolean;
}

interface StyleInfo {
  name: string;
  size?: number;
  bold?: boolean;
  basedOn?: string;
}

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return ENTITY[e] ?? m;
  });
}

type XmlToken = [close: string, tag: string | undefined, attrs: string, selfClose: string, text: string | undefined];

/**
 * The tags and text nodes of `xml` in order, in one linear pass. Same tokens as
 * /<(\/?)([\w:]+)([^>]*?)(\/?)>|([^<]+)/g, which rescans to the end of the text from every "<" that never
 * closes (2 MB of "<a " took 20 s); a "<" that starts no tag is skipped.
 */
function* xmlTokens(xml: string): Generator<XmlToken> {
  let i = 0;
  let closed = true; // false once no ">" is left: every later "<" is a stray one
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    if (lt !== i) {
      const end = lt === -1 ? xml.length : lt;
      yield ['', undefined, '', '', xml.slice(i, end)];
      i = end;
      continue;
    }
    const gt = closed ? xml.indexOf('>', lt + 1) : -1;
    if (gt === -1) closed = false;
    const head = gt === -1 ? null : /^(\/?)([\w:]+)/.exec(xml.slice(lt + 1, gt));
    if (!head) {
      i = lt + 1;
      continue;
    }
    const self = xml[gt - 1] === '/' && gt - 1 > lt + head[0].length;
    yield [head[1]!, head[2]!, xml.slice(lt + 1 + head[0].length, self ? gt - 1 : gt), self ? '/' : '', undefined];
    i = gt + 1;
  }
}

function attr(attrs: string, name: string): string | undefined {
  return attrs.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1];
}

/**
 * Every `<open …>…</close>` element of `xml` as [attributes, body], found with indexOf in one pass: a lazy
 * regex (`<w:style([^>]*)>([\s\S]*?)</w:style>`) rescans to the end from every unclosed start, which is
 * quadratic on hostile input.
 */
function* elements(xml: string, name: string): Generator<[attrs: string, body: string]> {
  const open = `<${name}`;
  const close = `</${name}>`;
  let i = 0;
  for (;;) {
    const start = xml.indexOf(open, i);
    if (start === -1) return;
    const after = xml[start + open.length];
    const gt = xml.indexOf('>', start + open.length);
    if (gt === -1) return;
    if (after !== '>' && after !== ' ' && after !== '/' && after !== '\t' && after !== '\n' && after !== '\r') {
      i = start + open.length; // a longer name (<w:styles> for <w:style)
      continue;
    }
    if (xml[gt - 1] === '/') {
      yield [xml.slice(start + open.length, gt - 1), ''];
      i = gt + 1;
      continue;
    }
    const end = xml.indexOf(close, gt + 1);
    if (end === -1) return;
    yield [xml.slice(start + open.length, gt), xml.slice(gt + 1, end)];
    i = end + close.length;
  }
}

function parseStyles(xml: string): { styles: Map<string, StyleInfo>; defaultSize: number } {
  const styles = new Map<string, StyleInfo>();
  const defaults = elements(xml, 'w:docDefaults').next().value?.[1] ?? '';
  const defaultSize = Number(defaults.match(/<w:sz w:val="(\d+)"/)?.[1] ?? 22) / 2;
  for (const [attrs, body] of elements(xml, 'w:style')) {
    const id = attr(attrs, 'w:styleId');
    if (!id) continue;
    const runProps = [...elements(body, 'w:rPr')].map(([, rPr]) => rPr);
    const sz = runProps.map((rPr) => rPr.match(/<w:sz w:val="(\d+)"/)?.[1]).find((x) => x !== undefined);
    const info: StyleInfo = { name: attr(body.match(/<w:name\b([^>]*)>/)?.[1]?.replace(/\/$/, '') ?? '', 'w:val') ?? id };
    if (sz) info.size = Number(sz) / 2;
    if (runProps.some((rPr) => /<w:b(\/>|\s+w:val="(1|true|on)"|\s+\/>)/.test(rPr))) info.bold = true;
    const based = body.match(/<w:basedOn w:val="([^"]+)"/)?.[1];
    if (based) info.basedOn = based;
    styles.set(id, info);
  }
  return { styles, defaultSize };
}

function styleProp<K extends 'size' | 'bold'>(styles: Map<string, StyleInfo>, id: string, key: K): StyleInfo[K] | undefined {
  let cur: string | undefined = id;
  for (let depth = 0; cur && depth < 10; depth++) {
    const s = styles.get(cur);
    if (!s) return undefined;
    if (s[key] !== undefined) return s[key];
    cur = s.basedOn;
  }
  return undefined;
}

/** Paragraphs of document.xml in document order (text boxes and table cells included, deleted text skipped). */
function parseParagraphs(xml: string, styles: Map<string, StyleInfo>, defaultSize: number): Para[] {
  const out: Para[] = [];
  interface Open {
    text: string;
    style: string;
    center: boolean;
    sizes: Map<number, number>;
    boldChars: number;
    chars: number;
  }
  const stack: Open[] = [];
  let run: { size?: number; bold?: boolean; sup: boolean } | null = null;
  let inRPr = false;
  let inPPr = false;
  let skip = 0; // inside w:del, mc:Fallback, w:instrText …
  let inText = false;
  for (const [close, tag, attrs, selfClose, textNode] of xmlTokens(xml)) {
    if (textNode !== undefined) {
      if (inText && skip === 0 && run && stack.length) {
        const p = stack[stack.length - 1]!;
        const t = unescapeXml(textNode).replace(/[\u0001\u0002]/g, ''); // the markers below are ours alone
        const styleSize = styleProp(styles, p.style, 'size') ?? defaultSize;
        const size = run.size ?? styleSize;
        const bold = run.bold ?? styleProp(styles, p.style, 'bold') ?? false;
        p.text += run.sup ? `\u0001${t}\u0002` : t;
        if (!run.sup) {
          const n = t.trim().length;
          p.sizes.set(size, (p.sizes.get(size) ?? 0) + n);
          p.chars += n;
          if (bold) p.boldChars += n;
        }
      }
      continue;
    }
    if (tag === 'w:del' || tag === 'mc:Fallback' || tag === 'w:instrText' || tag === 'w:delText') {
      if (selfClose) continue;
      skip += close ? -1 : 1;
      continue;
    }
    if (skip > 0) continue;
    switch (tag) {
      case 'w:p':
        if (selfClose) out.push({ text: '', plain: '', style: '', size: defaultSize, bold: false, center: false });
        else if (!close) stack.push({ text: '', style: '', center: false, sizes: new Map(), boldChars: 0, chars: 0 });
        else {
          const p = stack.pop();
          if (!p) break;
          let size = defaultSize;
          let best = -1;
          for (const [k, v] of p.sizes) if (v > best || (v === best && k > size)) [size, best] = [k, v];
          const text = p.text.replace(/\u0002\u0001/g, '').replace(/[ \t]+/g, ' ');
          const plain = clean(text.replace(/\u0001[^\u0001\u0002]*\u0002/g, ' '));
          out.push({
            text,
            plain,
            style: styles.get(p.style)?.name ?? p.style,
            size,
            bold: p.chars > 0 && p.boldChars >= 0.6 * p.chars,
            center: p.center,
          });
        }
        break;
      case 'w:pPr':
        inPPr = !close && !selfClose;
        break;
      case 'w:pStyle':
        if (inPPr && stack.length) stack[stack.length - 1]!.style = attr(attrs, 'w:val') ?? '';
        break;
      case 'w:jc':
        if (inPPr && !inRPr && stack.length) stack[stack.length - 1]!.center = attr(attrs, 'w:val') === 'center';
        break;
      case 'w:r':
        run = close ? null : selfClose ? null : { sup: false };
        break;
      case 'w:rPr':
        inRPr = !close && !selfClose;
        break;
      case 'w:sz':
        if (inRPr && run && !inPPr) run.size = Number(attr(attrs, 'w:val') ?? 0) / 2 || undefined;
        break;
      case 'w:b':
        if (inRPr && run && !inPPr) run.bold = !/w:val="(0|false|off)"/.test(attrs);
        break;
      case 'w:vertAlign':
        if (inRPr && run && !inPPr) run.sup = attr(attrs, 'w:val') === 'superscript';
        break;
      case 'w:t':
        inText = !close && !selfClose;
        break;
      case 'w:tab':
        if (run && stack.length && !inRPr && !inPPr) stack[stack.length - 1]!.text += '\t';
        break;
      case 'w:br':
      case 'w:cr':
        if (run && stack.length) stack[stack.length - 1]!.text += '\n';
        break;
      default:
        break;
    }
  }
  return out;
}

const LABEL =
  /^\s*(title( page)?|authors?( names?)?|affiliations?|running (head|title)|short title|article type|manuscript type|word count|keywords?)\s*:?\s*/i;
async function readParagraphs(bytes: Buffer, opts: IntakeOptions): Promise<{ paras: Para[]; body: number }> {
  const limits = limitsOf(opts);
  const parts = await readZipEntries(
    bytes,
    ['word/document.xml', 'word/styles.xml'],
    Math.min(limits.maxUncompressedBytes, INTAKE_BOUNDS.maxXmlPartBytes),
  );
  const { styles, defaultSize } = parseStyles(parts.get('word/styles.xml')?.toString('utf8') ?? '');
  const all = parseParagraphs(parts.get('word/document.xml')?.toString('utf8') ?? '', styles, defaultSize);
  const paras = all.filter((p) => p.plain);
  const sizes = new Map<number, number>();
  for (const p of paras) sizes.set(p.size, (sizes.get(p.size) ?? 0) + p.plain.length);
  const body = [...sizes].sort((a, b) => b[1] - a[1])[0]?.[0] ?? defaultSize;
  return { paras, body };
}

/** The text of every non-empty paragraph, in document order, read with the same bounds as extractDocx (the
 * local service's reader uses it for the whole document). */
export async function docxParagraphTexts(bytes: Buffer, opts: IntakeOptions = {}): Promise<string[]> {
  return (await readParagraphs(bytes, opts)).paras.map((p) => p.plain);
}

/** One line of paragraph `i` as the role model sees it (the only role input the DOCX reader makes). */
function inputOf(paras: Para[], i: number, line: string, body: number): LineInput {
  const p = paras[i]!;
  const next = paras[i + 1];
  return {
    text: line,
    plain: clean(line.replace(/\u0001[^\u0001\u0002]*\u0002/g, ' ')),
    size: p.size,
    bodySize: body,
    distinctFont: p.bold,
    centred: p.center,
    position: Math.min(1, i / 30),
    sameStyleAsNext: next !== undefined && next.size === p.size && next.bold === p.bold,
  };
}

/** The first paragraphs' lines with their role features (what the role model is fitted on). */
export async function docxRoleLines(bytes: Buffer, opts: IntakeOptions = {}): Promise<RoleLine[]> {
  const { paras, body } = await readParagraphs(bytes, opts);
  return paras.slice(0, 60).flatMap((p, i) =>
    p.text.split('\n').map((line) => ({
      text: line,
      plain: clean(line.replace(/\u0001[^\u0001\u0002]*\u0002/g, ' ')),
      features: lineFeatures(inputOf(paras, i, line, body)),
    })),
  );
}

export async function extractDocx(bytes: Buffer, opts: IntakeOptions = {}, model: RoleModel = ROLE_MODEL): Promise<Extracted> {
  const { paras, body } = await readParagraphs(bytes, opts);

  // the abstract's heading and the first section heading bound the header (decisions.ts)
  const { abstract: absIdx, section: introIdx, headerEnd } = docxBounds(paras, body);

  // title: a Title style, else the early paragraph the role model scores highest (decisions.ts)
  const chosen = docxTitle(
    paras.slice(0, headerEnd).map((p, i) => ({
      plain: p.plain,
      unlabelled: p.plain.replace(LABEL, ''),
      style: p.style,
      size: p.size,
      bold: p.bold,
      titleScore: () => roleScores(lineFeatures(inputOf(paras, i, p.text.replace(LABEL, ''), body)), model).title,
    })),
    body,
  );
  const titleIdx = chosen?.index ?? -1;
  const title = chosen ? clean(paras[chosen.index]!.plain.replace(LABEL, '')) : null;
  const titleRatio = chosen?.sizeRatio ?? 0;

  // authors: name lines between the title and the abstract
  const header = paras.slice(titleIdx + 1, Math.max(headerEnd, titleIdx + 1));
  const hits: { author: IntakeAuthor; markers: string[]; para: number; aff: Attachment; orcidOwn: boolean }[] = [];
  const corresponding: number[] = [];
  header.forEach((p, pi) => {
    // a contact paragraph (an e-mail address; a handle such as "@name@server.social" is none) holds no author line;
    // a long list (40 authors) is still a list; prose fails the name test below
    if (findEmails(p.plain).length > 0 || p.plain.split(' ').length > 300) return;
    for (const raw of p.text.split('\n')) {
      // "Name  0000-0002-…  ·  handle  Affiliation": only the part before the ORCID or separator is the name
      const perAuthor = /\b\d{4}-\d{4}-\d{4}-\d{3}[\dX]\b|·/.test(raw);
      const line = (perAuthor ? raw.split(/\b\d{4}-\d{4}-\d{4}-\d{3}[\dX]\b|·/)[0]!.trimEnd() : raw).replace(LABEL, '');
      if (classifyLine(inputOf(paras, titleIdx + 1 + pi, line, body), model) !== 'author') continue;
      const parts = splitAuthorLine(line);
      const names = parts.filter((x) => looksLikeName(x.name));
      if (!mostlyNames(names, parts)) continue;
      for (const n of names) {
        if (correspondingMark(n.markers)) corresponding.push(hits.length);
        hits.push({
          author: { name: n.name, affiliation: null, email: null, orcid: null },
          markers: n.markers,
          para: pi,
          aff: null,
          orcidOwn: false,
        });
      }
    }
  });

  // affiliations: numbered lines ("1 School of …", "¹School …"), else a lone affiliation block for everyone (decisions.ts)
  const markers = docxAffiliations(
    hits,
    header.flatMap((p, pi) =>
      p.text.split('\n').map((line) => ({
        text: line,
        affiliation: () => classifyLine(inputOf(paras, titleIdx + 1 + pi, line.replace(LABEL, ''), body), model) === 'affiliation',
      })),
    ),
    (s) => s.replace(LABEL, ''),
  );
  // per-author paragraphs ("Name · ORCID · affiliations") carry their own affiliation and ORCID
  const headerText = paras.slice(0, introIdx >= 0 ? introIdx : Math.min(paras.length, rule('docxContactParagraphs')));
  for (const h of hits) {
    const own = header[h.para]!;
    if (hits.filter((x) => x.para === h.para).length !== 1) continue;
    const id = ownOrcid(own.plain);
    if (id !== null) {
      h.author.orcid = id;
      h.orcidOwn = true;
    }
    const aff = h.author.affiliation === null ? ownAffiliation(own.plain, h.author.name) : null;
    if (aff !== null) {
      h.author.affiliation = aff;
      h.aff = 'marker';
    }
  }
  const authors = hits.map((h) => h.author);
  const text = headerText.map((p) => p.plain).join('\n');
  const emails = findEmails(text);
  const emailByName = assignEmails(authors, emails, corresponding);
  const orcidNear = assignOrcids(authors, text);

  // abstract: paragraphs after the heading, structured sub-headings kept inline (decisions.ts)
  const abstract = absIdx >= 0 ? docxAbstract(paras, absIdx, body) : null;
  // Word documents carry their structure (styles, paragraphs): an abstract under its heading ended where the paragraphs say
  const abstractHow = abstract === null ? null : 'heading';

  // references: entries after the last "References" heading, up to the next heading
  let references: number | null = null;
  const refIdx = paras.map((p) => REFERENCES_HEAD.test(p.plain)).lastIndexOf(true);
  if (refIdx >= 0) {
    let entries = 0;
    for (const p of paras.slice(refIdx + 1)) {
      if (/heading|title/i.test(p.style) || /^\s*(figure|table|supporting information|appendix|supplementary)\b.{0,40}$/i.test(p.plain))
        break;
      if (p.plain.split(' ').length >= 3) entries++;
    }
    references = entries || null;
  }
  const confidence = confidenceOf({
    title: { text: title, sizeRatio: titleRatio },
    abstract: { text: abstract, how: abstractHow },
    authors,
    perAuthor: hits.map((h, i) => ({
      affiliation: h.aff,
      email: h.author.email ? (emailByName.has(i) ? 'name' : 'order') : null,
      orcid: h.author.orcid ? (h.orcidOwn || orcidNear.has(h.author) ? 'name' : 'order') : null,
      markers: h.markers,
    })),
    emails: emails.length,
    affiliationMarkers: markers,
  });
  return { title, abstract, authors, references, confidence };
}
