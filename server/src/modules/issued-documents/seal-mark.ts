import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;

export interface SealMark {
  /** the centre of the seal */
  x: number;
  y: number;
  radius: number;
  /** along the upper rim: who seals (the platform's legal name) */
  ring: string;
  /** under the star, straight: what the seal is for (电子回单专用章) */
  purpose: string;
}

const SEAL_RED = '#d4380d';
/** the arc the rim text spans, in degrees either side of the top */
const RIM_ARC = 110;

/** The five points of a star and the five between them, clockwise from the top. */
function starPoints(x: number, y: number, outer: number): [number, number][] {
  const inner = outer * 0.382;
  return Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return [x + r * Math.cos(angle), y + r * Math.sin(angle)];
  });
}

/**
 * A round seal drawn as vectors, as a Chinese company's 公章 looks: a red ring, a star in the middle, the sealing
 * party's name around the upper rim and the seal's purpose under the star. It marks the document as the platform's
 * own; whether a document is genuine is told by its verification code, not by the drawing.
 */
export function drawSealMark(doc: Doc, seal: SealMark): void {
  const { x, y, radius } = seal;
  doc.save();
  doc.fillOpacity(0.85).strokeOpacity(0.85);
  doc
    .lineWidth(Math.max(1.2, radius * 0.05))
    .strokeColor(SEAL_RED)
    .circle(x, y, radius)
    .stroke();
  doc
    .lineWidth(0.6)
    .circle(x, y, radius * 0.9)
    .stroke();
  doc
    .fillColor(SEAL_RED)
    .polygon(...starPoints(x, y, radius * 0.26))
    .fill();
  const chars = [...seal.ring];
  const size = Math.min(
    radius * 0.2,
    (((RIM_ARC * 2 * Math.PI) / 180) * radius * 0.72) / Math.max(chars.length, 1),
  );
  const rim = radius * 0.72;
  doc.fontSize(size);
  chars.forEach((char, i) => {
    const degrees = chars.length === 1 ? 0 : -RIM_ARC + (2 * RIM_ARC * i) / (chars.length - 1);
    const angle = (degrees * Math.PI) / 180;
    const cx = x + rim * Math.sin(angle);
    const cy = y - rim * Math.cos(angle);
    doc.save();
    doc.rotate(degrees, { origin: [cx, cy] });
    doc.text(char, cx - size / 2, cy - size / 2, { width: size, align: 'center', lineBreak: false });
    doc.restore();
  });
  const purposeSize = Math.min(radius * 0.15, (radius * 1.2) / Math.max([...seal.purpose].length, 1));
  doc.fontSize(purposeSize);
  doc.text(seal.purpose, x - radius * 0.7, y + radius * 0.3, {
    width: radius * 1.4,
    align: 'center',
    lineBreak: false,
  });
  doc.restore();
}
