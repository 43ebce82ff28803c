import { z } from 'zod';
import { ACTIVITY_KINDS, activityLabels, wrongPasswordsSummary } from '../account.ts';

/** One event as GET /api/activity lists it. `device`: the browser and system, or the glasses' name; null when unknown. */
export const activityEventSchema = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  label: z.string(),
  at: z.string(),
  device: z.string().nullable(),
  /** The helper who did it, as the wearer named them (issue #18; `label` then reads 'Face added by Sam'); absent or null: the wearer or their glasses. */
  helper: z.string().nullable().optional(),
  /** What it concerns (the face's name, the glasses' name, the browser), also in `label`; null when nothing. */
  subject: z.string().nullable().optional(),
  /** Wrong passwords summarised in this entry (kind 'wrong-password'); absent for other kinds. */
  count: z.number().int().optional(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

/** GET /api/activity: the account's newest events, newest first. */
export const activityAnswerSchema = z.object({ events: z.array(activityEventSchema) }).meta({
  examples: [
    {
      events: [
        { id: '01J8Z6Q2V4', kind: 'face-added', label: `${activityLabels['face-added']}: Meera`, at: '2026-03-14T09:31:02.000Z', device: 'Firefox on Linux', helper: null, subject: 'Meera' },
        { id: '01J8Z5K7C1', kind: 'wrong-password', label: wrongPasswordsSummary(2, 'Chrome on Android'), at: '2026-03-14T08:02:40.000Z', device: 'Chrome on Android', count: 2 },
      ],
    },
  ],
});
export type ActivityAnswer = z.infer<typeof activityAnswerSchema>;
