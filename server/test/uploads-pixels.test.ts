import { MAX_IMAGE_PIXELS, RSP, rspText } from '@loan/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageDecodes } from '../src/modules/documents/image.ts';
import { checkImageHeader } from '../src/modules/documents/image-header.ts';
import { createTestApp, login, type TestApp } from './helpers/app.ts';
import { storedCount } from './helpers/stored.ts';
import { pngClaiming, realJpeg, realPng } from './helpers/upload-files.ts';
import { uploadFile } from './helpers/uploads.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'demo', 'Demo1234');
});
afterAll(() => t.close());

/** Uploads, expects the refusal, and tells whether sharp was handed the image. */
async function refusal(bytes: Uint8Array, code: string, fileName = 'a.png'): Promise<{ decoded: boolean }> {
  const decodesBefore = imageDecodes();
  const files = await storedCount(t.db);
  const res = await uploadFile(t.app, token, 'ID_CARD_FRONT', bytes, fileName);
  expect(res.status).toBe(200);
  expect(res.response).toEqual({ rspCode: code, rspDesc: rspText(code as never) });
  expect(await storedCount(t.db)).toBe(files);
  return { decoded: imageDecodes() > decodesBefore };
}

describe('image dimensions are read from the header, before anything is decoded', () => {
  it('a 10000×10000 PNG of a few hundred bytes is refused (1205) and never reaches sharp', async () => {
    const bomb = pngClaiming(10_000, 10_000);
    expect(bomb.length).toBeLessThan(20_000);
    expect(await refusal(bomb, RSP.IMAGE_TOO_MANY_PIXELS)).toEqual({ decoded: false });
    expect(rspText(RSP.IMAGE_TOO_MANY_PIXELS)).toContain('4000 万像素');
  });

  it('40 megapixels is the boundary: 8000×5000 goes on to the decoder, 8000×5001 does not', async () => {
    // the claimed image holds one row of data: the decoder refuses it, but only after it was handed over
    expect(await refusal(pngClaiming(8000, 5000), RSP.IMAGE_INVALID)).toEqual({ decoded: true });
    expect(await refusal(pngClaiming(8000, 5001), RSP.IMAGE_TOO_MANY_PIXELS)).toEqual({ decoded: false });
    expect(checkImageHeader(pngClaiming(8000, 5000), 'png')).toEqual({ width: 8000, height: 5000 });
    expect(8000 * 5000).toBe(MAX_IMAGE_PIXELS);
  });

  it('a side over 12000 px is refused however few pixels', async () => {
    expect(await refusal(pngClaiming(12_001, 10), RSP.IMAGE_TOO_MANY_PIXELS)).toEqual({ decoded: false });
    expect(checkImageHeader(pngClaiming(12_000, 10), 'png')).toEqual({ width: 12_000, height: 10 });
  });

  it('a JPEG claiming 65535×65535 is refused from its frame header', async () => {
    const jpeg = await realJpeg(64, 32);
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    expect(sof).toBeGreaterThan(0);
    jpeg.writeUInt16BE(0xffff, sof + 5);
    jpeg.writeUInt16BE(0xffff, sof + 7);
    expect(await refusal(jpeg, RSP.IMAGE_TOO_MANY_PIXELS, 'a.jpg')).toEqual({ decoded: false });
  });
});

describe('images cut short are refused cheaply (1212), before decoding', () => {
  it('a PNG without its end', async () => {
    const png = await realPng(200, 100);
    expect(await refusal(png.subarray(0, png.length - 20), RSP.IMAGE_TRUNCATED)).toEqual({ decoded: false });
  });

  it('a JPEG without its end', async () => {
    const jpeg = await realJpeg(200, 100);
    const cut = jpeg.subarray(0, jpeg.length - 40);
    expect(await refusal(cut, RSP.IMAGE_TRUNCATED, 'a.jpg')).toEqual({ decoded: false });
  });

  it('progressive JPEGs and interlaced PNGs are whole images too', async () => {
    const base = sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a6' } });
    const progressive = await base.clone().jpeg({ progressive: true }).toBuffer();
    const interlaced = await base.clone().png({ progressive: true }).toBuffer();
    expect(checkImageHeader(progressive, 'jpeg')).toEqual({ width: 300, height: 200 });
    expect(checkImageHeader(interlaced, 'png')).toEqual({ width: 300, height: 200 });
  });

  it('whole images still go through', async () => {
    const before = imageDecodes();
    expect((await uploadFile(t.app, token, 'ID_CARD_FRONT', await realPng(200, 100))).response.rspCode).toBe(
      RSP.OK,
    );
    const jpeg = await uploadFile(t.app, token, 'ID_CARD_BACK', await realJpeg(200, 100), 'b.jpg');
    expect(jpeg.response.rspCode).toBe(RSP.OK);
    expect(imageDecodes()).toBe(before + 2);
  });
});
