import type { QuietHoursError } from '@leasing/contract';
import { formatTime } from '../../../lib/format-date';
import { formatZoned } from '../../../lib/format-zoned';
import { describeSendTime } from '../../../lib/send-later-time';
import { viewerTimeZone } from '../../../lib/viewer-time-zone';

type QuietHoursQuestionOptions = {
  /** The lead's clock is read now; default the current time. */
  now?: Date;
  /** Default the browser's; tests pin it. */
  viewerZone?: string;
};

/**
 * What the composer asks when a text would reach the lead outside their allowed hours: their clock
 * now, always with its zone (it is theirs), and the next allowed moment as every scheduled send says
 * it — "It's 10:14 PM Central for Maya. Send at Thu, Nov 26, 8:00 AM Central for the lead · 9:00 AM
 * for you?"
 */
export function quietHoursQuestion(
  quietHours: Pick<QuietHoursError, 'leadFirstName' | 'timeZone' | 'nextAllowedAt'>,
  { now = new Date(), viewerZone = viewerTimeZone() }: QuietHoursQuestionOptions = {},
): string {
  const localTime = formatZoned(now, quietHours.timeZone, {
    layout: formatTime,
    alwaysNameZone: true,
  });
  const sendAt = describeSendTime(quietHours.nextAllowedAt, quietHours.timeZone, viewerZone);
  return `It's ${localTime} for ${quietHours.leadFirstName}. Send at ${sendAt}?`;
}
