import multipart from '@fastify/multipart';
import { API, ok, RSP } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import { type App, NEEDS_TOKEN } from '../../http.ts';
import { ApiError } from '../../lib/api-error.ts';
import { currentSession, requestMeta } from '../../plugins/session.ts';
import { UploadDocumentForm, UploadedDocumentSchema } from '../../schemas/certification.ts';
import { envelope } from '../../schemas/envelope.ts';
import { uploadDocument } from '../certification/documents.ts';
import { MAX_UPLOAD_REQUEST_BYTES, MULTIPART_LIMITS, readUpload } from './read-upload.ts';
import { createUploadThrottle } from './upload-throttle.ts';

/**
 * POST /users/uploadDocument, in a scope of its own: the multipart parser exists only here, every other call of
 * the API stays JSON only.
 */
export function uploadRoutes(app: App, ctx: AppContext, tags: string[]): void {
  app.register(async (scope: App) => {
    await scope.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
    const throttle = createUploadThrottle(scope, ctx);
    scope.post(
      `${ctx.config.apiBase}${API.uploadDocument}`,
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: '上传证件资料（营业执照、身份证、销售流水、退款凭证）',
          description:
            'multipart/form-data：字段 kind 与一个文件字段 file。超过 5MB 1007；按文件内容判断不是 JPG、PNG 或 PDF 1006；' +
            '表单不对（没有文件、字段名不对、不是 multipart）1201；多于一个文件 1202；kind 不对 1203；图片无法解码 1204，尺寸过大（超过 4000 万像素或单边超过 12000 像素，解码前按文件头判断）1205，图片不完整 1212；' +
            'PDF 无法解析 1206，含脚本或动作 1207，含附件 1208，已加密 1209；每人保存的文件数 1210、总大小 1211 超过上限。' +
            '每人同时最多上传 2 个文件 2015，每分钟上传次数有上限 2016，15 分钟内被拒绝的上传过多 2017（以上均在读取文件前拒绝）。' +
            '图片会重新编码（去掉图片数据之后的内容和 EXIF 等元数据，按 EXIF 方向摆正）；PDF 按其对象重新写出（不保留文件头之前、对象之间和结尾之后的内容）。' +
            '文件加密保存（数据库或 S3 兼容存储）。',
          security: NEEDS_TOKEN,
          consumes: ['multipart/form-data'],
          body: UploadDocumentForm,
          response: { 200: envelope(UploadedDocumentSchema) },
        },
        // the form is read and checked by readUpload: a file is not JSON for the schema validator
        validatorCompiler: () => () => true,
        preValidation: async (request) => {
          const length = Number(request.headers['content-length'] ?? 0);
          if (length <= MAX_UPLOAD_REQUEST_BYTES) return;
          const refusal = new ApiError(RSP.FILE_TOO_LARGE);
          await throttle.countRefusal(request, currentSession(request).user.id, refusal);
          throw refusal;
        },
      },
      async (request) => {
        const user = currentSession(request).user;
        const release = await throttle.admit(request, user.id);
        try {
          await ctx.testHooks?.uploadAdmitted?.();
          return ok(await uploadDocument(ctx, user, await readUpload(request), requestMeta(request)));
        } catch (error) {
          await throttle.countRefusal(request, user.id, error);
          throw error;
        } finally {
          release();
        }
      },
    );
  });
}
