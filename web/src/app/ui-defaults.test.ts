import { describe, expect, it } from 'vitest';
import { msToSeconds, UI_DEFAULTS, UI_TEXTS } from './ui-defaults';

describe('interface defaults (docs/PRODUCT.md §9)', () => {
  it('has the numbers of the spec', () => {
    expect(UI_DEFAULTS).toEqual({
      messageDurationMs: 3000,
      notificationDurationMs: 4500,
      loadingMaskCloseDelayMs: 400,
      zIndexBase: 2000,
      messageOffsetGapPx: 16,
    });
  });

  it('converts durations to the seconds antd expects', () => {
    expect(msToSeconds(UI_DEFAULTS.messageDurationMs)).toBe(3);
    expect(msToSeconds(UI_DEFAULTS.notificationDurationMs)).toBe(4.5);
  });
});

describe('standard texts (docs/PRODUCT.md §8)', () => {
  it('has the texts of the spec', () => {
    expect(UI_TEXTS.invalidInput).toBe('输入的数据不合法');
    expect(UI_TEXTS.imageLoadFailed).toBe('加载失败');
    expect(UI_TEXTS.empty).toBe('暂无数据');
    expect(UI_TEXTS.networkError).toBe('网络请求异常，请稍后重试');
  });
});
