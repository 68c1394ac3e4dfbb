import {
  NOTICE_CATEGORIES,
  NOTICE_CATEGORY_LABEL,
  NOTICE_CHANNELS,
  NOTICE_KIND_RULES,
  type NoticeCategory,
  type NoticeChannel,
  type NoticePreferencesView,
  REQUIRED_NOTICE_CATEGORIES,
  RSP,
} from '@loan/domain';
import type { Database } from '../../db/client.ts';
import { noticePreferences } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { NoticePreferenceBody } from '../../schemas/notices.ts';
import { preferencesOf } from './notify.ts';

/** The channels the kinds of a category use (a channel no kind of it uses is not offered). */
function channelsOf(category: NoticeCategory): Set<NoticeChannel> {
  const used = new Set<NoticeChannel>();
  for (const rule of Object.values(NOTICE_KIND_RULES)) {
    if (rule.category === category) for (const c of rule.channels) used.add(c);
  }
  return used;
}

/** Every category with its channels as chosen (defaults on); required categories locked on. */
export async function preferencesView(db: Database, userId: number): Promise<NoticePreferencesView> {
  const chosen = await preferencesOf(db, userId);
  return {
    categories: NOTICE_CATEGORIES.map((category) => {
      const required = REQUIRED_NOTICE_CATEGORIES.includes(category);
      const used = channelsOf(category);
      const state = (channel: NoticeChannel) =>
        used.has(channel) ? required || chosen[category]?.[channel] !== false : null;
      return {
        category,
        label: NOTICE_CATEGORY_LABEL[category],
        required,
        sms: state('sms'),
        email: state('email'),
      };
    }),
  };
}

/**
 * Saves one category's channels: an unknown category 4203; turning off a channel of a required category 4202
 * (nothing saved); a channel the category does not use is ignored.
 */
export async function savePreference(
  db: Database,
  userId: number,
  body: NoticePreferenceBody,
  now: Date,
): Promise<NoticePreferencesView> {
  const category = NOTICE_CATEGORIES.find((c) => c === body.category);
  if (!category) throw new ApiError(RSP.NOTICE_CATEGORY_UNKNOWN);
  if (REQUIRED_NOTICE_CATEGORIES.includes(category)) {
    if (body.sms === false || body.email === false) throw new ApiError(RSP.NOTICE_REQUIRED);
    return preferencesView(db, userId);
  }
  const current = (await preferencesOf(db, userId))[category] ?? {};
  const next = Object.fromEntries(
    NOTICE_CHANNELS.map((channel) => [channel, body[channel] ?? current[channel] ?? true]),
  ) as Record<NoticeChannel, boolean>;
  await db
    .insert(noticePreferences)
    .values({ userId, category, ...next, updatedAt: now })
    .onConflictDoUpdate({
      target: [noticePreferences.userId, noticePreferences.category],
      set: { ...next, updatedAt: now },
    });
  return preferencesView(db, userId);
}
