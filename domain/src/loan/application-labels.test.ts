import { describe, expect, it } from 'vitest';
import { ACTOR_LABELS, APPLICATION_EVENT_LABELS, APPLICATION_STATE_DISPLAY } from './application-labels.ts';
import { ACTORS, APPLICATION_EVENTS, APPLICATION_STATES } from './application-types.ts';

const chinese = /^[\u4e00-\u9fa5，、（）]+$/;

describe('application labels', () => {
  it('show every state with a Chinese label, a colour and a hint; only an early end shares its name', () => {
    expect(Object.keys(APPLICATION_STATE_DISPLAY)).toEqual([...APPLICATION_STATES]);
    const labels = APPLICATION_STATES.map((s) => APPLICATION_STATE_DISPLAY[s].label);
    // withdrawn before the decision and cancelled after it are one thing to the borrower: 已取消
    expect(new Set(labels).size).toBe(labels.length - 1);
    expect(APPLICATION_STATE_DISPLAY.WITHDRAWN.label).toBe('已取消');
    expect(APPLICATION_STATE_DISPLAY.CANCELLED.label).toBe('已取消');
    for (const state of APPLICATION_STATES) {
      const { label, colour, hint } = APPLICATION_STATE_DISPLAY[state];
      expect(label).toMatch(chinese);
      expect(colour).toMatch(/^[a-z]+$/);
      expect(hint).toMatch(chinese);
    }
    expect(APPLICATION_STATE_DISPLAY.UNDER_REVIEW).toMatchObject({ label: '审核中', colour: 'processing' });
  });

  it('name the borrower ending an application one way: 取消申请', () => {
    expect(APPLICATION_EVENT_LABELS.WITHDRAW).toBe('取消申请');
    expect(APPLICATION_EVENT_LABELS.CANCEL_IN_ADVANCE).toBe('取消申请');
    const others = Object.entries(APPLICATION_EVENT_LABELS).filter(
      ([event]) => event !== 'WITHDRAW' && event !== 'CANCEL_IN_ADVANCE',
    );
    for (const [, label] of others) expect(label).not.toMatch(/取消|撤回|关闭/);
  });

  it('name every event and actor in Chinese', () => {
    expect(Object.keys(APPLICATION_EVENT_LABELS)).toEqual([...APPLICATION_EVENTS]);
    expect(Object.keys(ACTOR_LABELS)).toEqual([...ACTORS]);
    for (const text of [...Object.values(APPLICATION_EVENT_LABELS), ...Object.values(ACTOR_LABELS)]) {
      expect(text).toMatch(chinese);
    }
  });
});
