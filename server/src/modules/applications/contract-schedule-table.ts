import { formatYuan } from '@loan/domain';
import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;

/** The schedule's lines in the contract's text: a header of column names, then one line per instalment. */
const HEADER = /^期数 \| /;
const ROW = /^第 \d+ 期 \| /;

/** Where the schedule's lines start and how many there are (header included); null when the text has none. */
export function scheduleLinesAt(lines: readonly string[], from: number): number {
  if (!HEADER.test(lines[from] ?? '')) return 0;
  let end = from + 1;
  while (ROW.test(lines[end] ?? '')) end++;
  return end - from;
}

/** "12,345.60" of the text → fen, for the totals row (the text's own figures, summed). */
const textFen = (cell: string) => Math.round(Number(cell.replaceAll(',', '')) * 100);

/** Columns whose sum is the totals row's: principal, interest, fee, payment. */
const SUMMED = [2, 3, 4, 5];

/**
 * The schedule drawn as a table (ruled cells, a shaded header and a totals row) from the very lines of the signed
 * text, so the table shows what was signed, cell for cell.
 */
export function drawScheduleTable(doc: Doc, lines: readonly string[], left: number, width: number): void {
  const [header = '', ...rows] = lines;
  const cells = rows.map((line) => line.split(' | '));
  const totals = [
    '合计',
    '',
    ...SUMMED.map((col) => formatYuan(cells.reduce((sum, row) => sum + textFen(row[col] ?? '0'), 0))),
    '',
  ];
  const widths = [0.1, 0.15, 0.15, 0.13, 0.12, 0.17, 0.18].map((share) => share * width);
  const height = 17;
  const fontSize = 8.5;
  const drawRow = (values: readonly string[], fill: string | null) => {
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    if (fill) doc.rect(left, y, width, height).fill(fill);
    doc.lineWidth(0.5).strokeColor('#8c8c8c');
    let x = left;
    values.forEach((value, i) => {
      const w = widths[i] ?? 0;
      doc.rect(x, y, w, height).stroke();
      doc
        .fillColor('#000000')
        .fontSize(fontSize)
        .text(value, x + 3, y + 4.5, { width: w - 6, align: i < 2 ? 'left' : 'right', lineBreak: false });
      x += w;
    });
    doc.x = left;
    doc.y = y + height;
  };
  drawRow(header.split(' | '), '#f0f0f0');
  for (const row of cells) drawRow(row, null);
  drawRow(totals, '#fafafa');
  doc.moveDown(0.4);
}
