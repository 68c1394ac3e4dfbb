import { inflateSync } from 'node:zlib';

/** What a look through a PDF's objects found (the compressed object streams included). */
export interface PdfFindings {
  /** JavaScript, actions that run on opening or on events, launching programs, forms sent elsewhere */
  active: boolean;
  /** files carried inside the PDF */
  embedded: boolean;
  /** an /Encrypt entry: the content is encrypted (with or without a password to open it) */
  encrypted: boolean;
  /** an object stream this scan cannot read the way a viewer would (unusual filters, predictors, bad data) */
  unreadable: boolean;
}

/** Names whose presence means the PDF acts rather than shows (ISO 32000 actions, XFA forms, rich media). */
const ACTIVE_NAMES = new Set([
  'JS',
  'JavaScript',
  'AA',
  'Launch',
  'SubmitForm',
  'ImportData',
  'GoToR',
  'GoToE',
  'RichMedia',
  'XFA',
]);
const EMBEDDED_NAMES = new Set(['EmbeddedFile', 'EmbeddedFiles', 'FileAttachment']);
const UNSAFE_URI = /^\s*(javascript|vbscript|data|file):/i;

/** Object streams are inflated up to this much in all (a zip bomb stops here as unreadable). */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

const WHITE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)));
const isRegular = (c: number) => !WHITE.has(c) && !DELIMITERS.has(c);

/** A name with its #xx escapes decoded (/J#61vaScript is /JavaScript). */
const decodeName = (raw: string) =>
  raw.replace(/#([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

interface Scan {
  findings: PdfFindings;
  inflated: number;
}

/** End of a literal string starting at `start` (just after its opening parenthesis) and its text. */
function literalString(text: string, start: number): [number, string] {
  let depth = 1;
  let out = '';
  let i = start;
  while (i < text.length && depth > 0) {
    const c = text[i] as string;
    if (c === '\\') {
      out += text[i + 1] ?? '';
      i += 2;
      continue;
    }
    if (c === '(') depth += 1;
    if (c === ')') depth -= 1;
    if (depth > 0) out += c;
    i += 1;
  }
  return [i, out];
}

function hexString(text: string, start: number): [number, string] {
  const end = text.indexOf('>', start);
  const stop = end < 0 ? text.length : end;
  const hex = text.slice(start, stop).replace(/[^0-9a-fA-F]/g, '');
  return [stop + 1, Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex').toString('latin1')];
}

/**
 * Reads the object stream's data (FlateDecode only, no predictor) and scans the objects inside; anything else
 * is unreadable, since a viewer would decode it and this scan could not.
 */
function scanObjectStream(data: string, dictNames: string[], scan: Scan): void {
  const filters = dictNames.filter((n) => n.endsWith('Decode') || n === 'Fl' || n === 'AHx' || n === 'A85');
  if (dictNames.includes('DecodeParms') || filters.some((f) => f !== 'FlateDecode' && f !== 'Fl')) {
    scan.findings.unreadable = true;
    return;
  }
  let decoded: Buffer;
  try {
    const raw = Buffer.from(data, 'latin1');
    decoded =
      filters.length === 0 ? raw : inflateSync(raw, { maxOutputLength: MAX_INFLATED_BYTES - scan.inflated });
  } catch {
    scan.findings.unreadable = true;
    return;
  }
  scan.inflated += decoded.length;
  scanTokens(decoded.toString('latin1'), scan, false);
}

/** One pass over the tokens of a PDF body (or of an object stream's objects). */
function scanTokens(text: string, scan: Scan, topLevel: boolean): void {
  const { findings } = scan;
  let i = 0;
  let previousName = '';
  /** names since the last `obj` keyword: the dictionary of a stream that follows */
  let objectNames: string[] = [];
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (WHITE.has(c)) {
      i += 1;
      continue;
    }
    if (c === 0x25 /* % */) {
      while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i += 1;
      continue;
    }
    let token: { name?: string; string?: string; other?: string };
    if (c === 0x2f /* / */) {
      let j = i + 1;
      while (j < text.length && isRegular(text.charCodeAt(j))) j += 1;
      token = { name: decodeName(text.slice(i + 1, j)) };
      i = j;
    } else if (c === 0x28 /* ( */) {
      const [end, value] = literalString(text, i + 1);
      token = { string: value };
      i = end;
    } else if (text.startsWith('<<', i) || text.startsWith('>>', i)) {
      token = { other: text.slice(i, i + 2) };
      i += 2;
    } else if (c === 0x3c /* < */) {
      const [end, value] = hexString(text, i + 1);
      token = { string: value };
      i = end;
    } else if (DELIMITERS.has(c)) {
      token = { other: text[i] as string };
      i += 1;
    } else {
      let j = i;
      while (j < text.length && isRegular(text.charCodeAt(j))) j += 1;
      token = { other: text.slice(i, j) };
      i = j;
    }

    if (previousName === 'OpenAction' && token.other !== '[') findings.active = true;
    if (previousName === 'URI' && token.string !== undefined && UNSAFE_URI.test(token.string)) {
      findings.active = true;
    }
    if (token.name !== undefined) {
      if (ACTIVE_NAMES.has(token.name)) findings.active = true;
      if (EMBEDDED_NAMES.has(token.name)) findings.embedded = true;
      if (token.name === 'Encrypt') findings.encrypted = true;
      objectNames.push(token.name);
    }
    previousName = token.name ?? '';

    if (token.other === 'obj') objectNames = [];
    if (topLevel && token.other === 'stream') {
      let start = i;
      if (text[start] === '\r') start += 1;
      if (text[start] === '\n') start += 1;
      const end = text.indexOf('endstream', start);
      const stop = end < 0 ? text.length : end;
      if (objectNames.includes('ObjStm')) scanObjectStream(text.slice(start, stop), objectNames, scan);
      i = end < 0 ? text.length : end + 'endstream'.length;
      objectNames = [];
    }
  }
}

/**
 * Looks through every object of the PDF, those packed in compressed object streams too, for what makes a PDF
 * act: names are read as a PDF reader reads them (#xx escapes decoded, strings and comments skipped, stream
 * data skipped but object streams decoded).
 */
export function scanPdf(bytes: Uint8Array): PdfFindings {
  const scan: Scan = {
    findings: { active: false, embedded: false, encrypted: false, unreadable: false },
    inflated: 0,
  };
  scanTokens(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'), scan, true);
  return scan.findings;
}
