import { MAX_TOUR_REMINDERS, UNCONFIRMED_TOUR_HOURS } from '@leasing/contract';
import type { CompanyTourSettings } from '@leasing/contract';
import { Button, Chip, Group, Paper, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { toServerFieldErrors } from '../../../lib/field-errors';
import { useUpdateTourSettings } from '../api/update-tour-settings';

/** The reminder times offered, in hours before the tour (a company's own are offered too). */
const PRESET_HOURS = [72, 48, 24, 4, 2, 1];

/** '1 hour', '2 hours', '1 day', '3 days'. */
const spanOf = (hours: number) =>
  hours % 24 === 0
    ? `${hours / 24} ${hours === 24 ? 'day' : 'days'}`
    : `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

/** '1 day before', '2 hours before'. */
export const reminderLabel = (hours: number) => `${spanOf(hours)} before`;

/** What the chosen reminders mean, as a sentence. */
export const remindersSummary = (hours: number[]) => {
  if (hours.length === 0) return 'No reminders: leads get only the confirmation.';
  const spans = hours.map(spanOf);
  const list =
    spans.length === 1 ? spans[0] : `${spans.slice(0, -1).join(', ')} and ${spans.at(-1)}`;
  return `Leads are reminded ${list} before the tour.`;
};

/**
 * Settings → Tours (admins): when a booked tour's reminders are texted, whether a no-show gets a
 * 'Sorry we missed you' text with the lead's link, and whether a tour nobody confirmed two hours
 * before is released.
 */
export function TourSettingsForm({ settings }: { settings: CompanyTourSettings }) {
  const [reminders, setReminders] = useState<number[]>(settings.reminderHours);
  const [noShowText, setNoShowText] = useState(settings.noShowText);
  const [releaseUnconfirmed, setReleaseUnconfirmed] = useState(settings.releaseUnconfirmed);
  const mutation = useUpdateTourSettings();
  const serverErrors = toServerFieldErrors(mutation.error);
  const offered = [...new Set([...PRESET_HOURS, ...settings.reminderHours])].sort((a, b) => b - a);
  const full = reminders.length >= MAX_TOUR_REMINDERS;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ reminderHours: reminders, noShowText, releaseUnconfirmed });
  };

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={handleSubmit} aria-label="Tour settings">
        <Stack gap="lg">
          <Stack gap="xs">
            <div>
              <Title order={2} size="h5" id="tour-reminders-title">
                Reminders
              </Title>
              <Text size="sm" c="dimmed">
                Every booking is confirmed by text at once. Reminders ask the lead to confirm (reply
                C), reschedule (R) or cancel; up to {MAX_TOUR_REMINDERS}. They respect opt-outs and
                quiet hours, and one that quiet hours would hold past the tour is not sent.
              </Text>
            </div>
            <Chip.Group
              multiple
              value={reminders.map(String)}
              onChange={(values) => setReminders(values.map(Number).sort((a, b) => b - a))}
            >
              <Group gap="xs" role="group" aria-labelledby="tour-reminders-title">
                {offered.map((hours) => {
                  const chosen = reminders.includes(hours);
                  const chip = (
                    <Chip
                      key={hours}
                      value={String(hours)}
                      disabled={full && !chosen}
                      aria-describedby={full && !chosen ? 'tour-reminders-full' : undefined}
                    >
                      {reminderLabel(hours)}
                    </Chip>
                  );
                  return full && !chosen ? (
                    <Tooltip key={hours} label={`At most ${MAX_TOUR_REMINDERS} reminders`}>
                      <span>{chip}</span>
                    </Tooltip>
                  ) : (
                    chip
                  );
                })}
              </Group>
            </Chip.Group>
            <Text
              size="sm"
              c={serverErrors.reminderHours ? 'red' : 'dimmed'}
              id="tour-reminders-full"
            >
              {serverErrors.reminderHours ??
                (full
                  ? `${remindersSummary(reminders)} At most ${MAX_TOUR_REMINDERS}: unselect one to pick another.`
                  : remindersSummary(reminders))}
            </Text>
          </Stack>
          <Switch
            label="Text a no-show a link to pick another time"
            description="When the owner records 'No-show': “Sorry we missed you at <property> today — pick another time for your tour here: <their link>”. Never to an opted-out number; quiet hours hold it."
            checked={noShowText}
            onChange={(event) => setNoShowText(event.currentTarget.checked)}
          />
          <Switch
            label={`Release tours nobody confirmed ${UNCONFIRMED_TOUR_HOURS} hours before`}
            description="The tour is cancelled, its time goes back to others, and the lead is texted their link to book another time. When off, these tours wait in the owner's Today under 'Tours not confirmed'."
            checked={releaseUnconfirmed}
            onChange={(event) => setReleaseUnconfirmed(event.currentTarget.checked)}
          />
          <Group gap="sm">
            <Button type="submit" loading={mutation.isPending}>
              Save tour settings
            </Button>
            {mutation.isSuccess && (
              <Text size="sm" c="teal" role="status">
                Saved.
              </Text>
            )}
            {mutation.isError && (
              <Text size="sm" c="red" role="alert">
                Could not save the tour settings. Try again.
              </Text>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
