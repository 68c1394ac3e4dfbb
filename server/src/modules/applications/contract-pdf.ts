import { type LoanContractParties, PRODUCT_NAME, shanghaiDateTime } from '@loan/domain';
import PDFDocument from 'pdfkit';
import { cjkPdfBytes } from '../../lib/cjk-font.ts';
import { drawSealMark } from '../issued-documents/seal-mark.ts';
import { drawVerifyMark } from '../issued-documents/verify-mark.ts';
import { drawScheduleTable, scheduleLinesAt } from './contract-schedule-table.ts';

type Doc = InstanceType<typeof PDFDocument>;

/** The file name of a signed contract's PDF (the Chinese one and its ASCII fallback). */
export function contractFileNames(contractNo: string): { fileName: string; asciiName: string } {
  return { fileName: `借款合同-${contractNo}.pdf`, asciiName: `loan-contract-${contractNo}.pdf` };
}

/** The file name of the preview of a contract not yet signed. */
export function previewFileNames(contractNo: string): { fileName: string; asciiName: string } {
  return { fileName: `借款合同预览-${contractNo}.pdf`, asciiName: `loan-contract-preview-${contractNo}.pdf` };
}

/** How and where the borrower signed: kept with the text. */
export interface SigningEvidence {
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
  version: string;
  textHash: string;
}

export interface ContractPdfInput {
  title: string;
  contractNo: string;
  /** the text as signed (or, for a preview, as it renders now) */
  body: string;
  parties: LoanContractParties;
  /** null: a preview, watermarked 预览（未签署） on every page */
  signed: SigningEvidence | null;
  /** the signed contract's registration: number, code and the public address of its check */
  verify: { docNo: string; code: string; publicUrl: string } | null;
  /** the platform's legal name, around its seal */
  platformName: string;
}

export const PREVIEW_WATERMARK = '预览（未签署）';

/** 预览（未签署）across the page, light, under what follows. */
function watermark(doc: Doc): void {
  const { x, y } = doc;
  doc.save();
  doc.fillColor('#bfbfbf').fillOpacity(0.35).fontSize(64);
  doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] });
  doc.text(PREVIEW_WATERMARK, 0, doc.page.height / 2 - 40, {
    width: doc.page.width,
    align: 'center',
    lineBreak: false,
  });
  doc.restore();
  doc.x = x;
  doc.y = y;
}

/** The text line by line: section headings larger, the schedule as a drawn table. */
function drawBody(doc: Doc, lines: readonly string[], left: number, width: number): void {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const schedule = scheduleLinesAt(lines, i);
    if (schedule > 0) {
      drawScheduleTable(doc, lines.slice(i, i + schedule), left, width);
      i += schedule - 1;
    } else if (line === '') doc.moveDown(0.5);
    else if (/^[一二三四五六七八九十]+、/.test(line)) {
      doc.fontSize(11).fillColor('#000000').text(line, left, doc.y, { width, lineGap: 2 });
      doc.fontSize(9.5);
    } else doc.fontSize(9.5).fillColor('#000000').text(line, left, doc.y, { width, lineGap: 2 });
  }
}

/** The parties' signing places: the borrower's electronic signature, the lender, the platform with its seal. */
function drawSignatures(doc: Doc, input: ContractPdfInput, left: number, width: number): void {
  if (doc.y + 150 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const top = doc.y + 12;
  const column = width / 3;
  const signedAt = input.signed ? shanghaiDateTime(input.signed.signedAt) : '（未签署）';
  const places: [string, string, string][] = [
    ['借款人（电子签署）', input.parties.borrowerCompany, `签署时间：${signedAt}`],
    ['贷款人', input.parties.bankName, '以贷款人系统签章为准'],
    ['居间服务方', input.platformName, input.signed ? '电子合同专用章' : '（未盖章）'],
  ];
  places.forEach(([role, name, note], i) => {
    const x = left + column * i;
    doc
      .fontSize(9.5)
      .fillColor('#000000')
      .text(role, x, top, { width: column - 8 });
    doc.text(name, x, doc.y + 4, { width: column - 8 });
    doc
      .fontSize(8.5)
      .fillColor('#555555')
      .text(note, x, doc.y + 4, { width: column - 8 });
  });
  if (input.signed) {
    drawSealMark(doc, {
      x: left + column * 2.5,
      y: top + 30,
      radius: 44,
      ring: input.platformName,
      purpose: '合同专用章',
    });
  }
  doc.x = left;
  doc.y = top + 90;
}

/** The signing evidence: time, address, device, version and the text's SHA-256 (on its own line, whole). */
function drawEvidence(doc: Doc, signed: SigningEvidence, left: number, width: number): void {
  doc.fontSize(10).fillColor('#000000').text('电子签署记录', left, doc.y, { width });
  doc.fontSize(8.5).fillColor('#555555');
  const device = signed.userAgent ? signed.userAgent.slice(0, 160) : '—';
  for (const line of [
    `签署时间：${shanghaiDateTime(signed.signedAt)}（北京时间）`,
    `签署 IP：${signed.ip ?? '—'}`,
    `签署设备：${device}`,
    `合同版本：${signed.version}`,
    '合同正文 SHA-256：',
    signed.textHash,
  ]) {
    doc.text(line, left, doc.y + 1, { width });
  }
}

/**
 * The PDF of a loan contract: its text (exactly as signed, never rendered again; a preview as it renders now) with
 * the parties' block and key facts as written, the schedule as a ruled table with a totals row, the signing places,
 * and for a signed one the evidence, the platform's seal and its verification; a preview says 预览（未签署）on
 * every page and carries neither seal nor code.
 */
export function contractPdf(input: ContractPdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: {
      Title: `${input.signed ? '' : '预览 '}${input.title} ${input.contractNo}`,
      Subject: input.contractNo,
      Producer: 'loan-portal',
    },
  });
  const done = cjkPdfBytes(doc);
  if (!input.signed) {
    watermark(doc);
    doc.on('pageAdded', () => watermark(doc));
  }
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const [title, ...lines] = input.body.split('\n');
  doc
    .fontSize(18)
    .fillColor('#000000')
    .text(title ?? input.title, { align: 'center' });
  doc.fontSize(8.5).fillColor('#888888').text(PRODUCT_NAME, { align: 'center' });
  if (!input.signed) {
    doc
      .fillColor('#cf1322')
      .text(`${PREVIEW_WATERMARK}：仅供阅读，签署以平台签署页面为准`, { align: 'center' });
  }
  doc.moveDown(0.6);
  drawBody(doc, lines, left, width);
  drawSignatures(doc, input, left, width);
  if (input.signed) drawEvidence(doc, input.signed, left, width);
  if (input.verify) {
    if (doc.y + 110 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    drawVerifyMark(doc, { x: left, y: doc.y + 12, size: 80, ...input.verify }, width - 90);
  }
  doc.end();
  return done;
}
