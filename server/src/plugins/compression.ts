import fastifyCompress from '@fastify/compress';
import type { App } from '../http.ts';

/** Answers below this many bytes go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers of 1 KB and more (brotli at quality 4, else gzip) for the routes registered after it: the
 * API's JSON and the OpenAPI document. The web app's files are compressed at build time and served as they are
 * (spa.ts). Request bodies are never inflated: a compressed upload would slip past the body limit.
 */
export async function registerCompression(app: App): Promise<void> {
  await app.register(fastifyCompress, {
    globalCompression: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
}
