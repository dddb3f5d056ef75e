import {
  createPaymentLinkRequestSchema,
  PAYMENT_LINK_DEFAULT_EXPIRY_DAYS,
  PAYMENT_LINK_MAX_CENTS,
  PAYMENT_LINK_MIN_CENTS,
} from '@leasing/contract';
import type {
  AmountDue,
  ConversationEvent,
  CreatePaymentLinkRequest,
  Lead,
  PaymentLink,
} from '@leasing/contract';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { z } from 'zod';
import { formatDate } from '../../../lib/format-date';
import { formatMoney } from '../../../lib/format-money';
import { ApiRequestError } from '../../../lib/api-client';
import { toServerFieldErrors } from '../../../lib/field-errors';
import { useCreatePaymentLink } from '../api/create-payment-link';
import { centsToDollars, dollarsToCents } from '../utils/cents';
import type { UnavailableChannels } from '../utils/channel-availability';
import { getLinkDisplayStatus } from '../utils/link-status';
import { toLocalIsoDate } from '../utils/local-date';

export type PaymentChannel = CreatePaymentLinkRequest['channel'];

export const DESCRIPTION_MAX_LENGTH = 120;

const CHANNEL_LABELS: Record<PaymentChannel, string> = { SMS: 'SMS', EMAIL: 'Email' };

const EXPIRY_OPTIONS = [1, 3, 7, 14, 30].map((days) => ({
  value: String(days),
  label: days === 1 ? '1 day' : `${days} days`,
}));

type Field = 'amount' | 'description' | 'dueDate' | 'channel' | 'expiresInDays';
type FieldErrors = Partial<Record<Field, string>>;

/** The request's field names as the server's `details` name them, and the input each belongs to. */
const FIELD_OF_REQUEST_KEY = new Map<string, Field>([
  ['amountCents', 'amount'],
  ['description', 'description'],
  ['dueDate', 'dueDate'],
  ['channel', 'channel'],
  ['expiresInDays', 'expiresInDays'],
]);

type Values = {
  amount: number | string;
  description: string;
  dueDate: string;
  channel: PaymentChannel | null;
  expiresInDays: string;
};

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

function startChannel(unavailable: UnavailableChannels): PaymentChannel | null {
  if (unavailable.SMS === null) return 'SMS';
  return unavailable.EMAIL === null ? 'EMAIL' : null;
}

/** The amount as typed, read into cents; what the request's rules say of it is the schema's. */
function readAmount(amount: number | string): { cents: number } | { error: string } {
  if (amount === '') return { error: 'Enter the amount to request.' };
  const cents = dollarsToCents(amount);
  if (cents === null) return { error: 'Enter an amount in dollars and cents, like 1,650.00.' };
  return { cents };
}

const SMALLEST_AMOUNT = `The smallest amount is ${formatMoney(centsToDollars(PAYMENT_LINK_MIN_CENTS))}.`;
const LARGEST_AMOUNT = `The largest amount is ${formatMoney(centsToDollars(PAYMENT_LINK_MAX_CENTS))}.`;

/**
 * The form's words for what the contract's schema finds wrong; the schema's own messages are
 * written for the API's callers and show only where the form has no words of its own.
 */
function messageOfIssue(issue: z.core.$ZodIssue): [Field, string] | null {
  switch (issue.path[0]) {
    case 'amountCents':
      if (issue.code === 'too_small') return ['amount', SMALLEST_AMOUNT];
      if (issue.code === 'too_big') return ['amount', LARGEST_AMOUNT];
      return null;
    case 'description':
      return issue.code === 'too_small'
        ? ['description', 'Say what the payment is for, like December rent.']
        : null;
    case 'dueDate':
      return ['dueDate', 'Choose the day the payment is due.'];
    case 'channel':
      return ['channel', 'Choose how to send the link.'];
    default:
      return null;
  }
}

/** The amount in cents when it may be asked for, for the preview line. */
function requestableCents(amount: number | string): number | null {
  const read = readAmount(amount);
  if ('error' in read) return null;
  return createPaymentLinkRequestSchema.shape.amountCents.safeParse(read.cents).success
    ? read.cents
    : null;
}

/** The request, or what to fix first in each field: checked by the contract's schema. */
function validate(
  values: Values,
  today: string,
): { request: CreatePaymentLinkRequest } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const amount = readAmount(values.amount);
  if ('error' in amount) errors.amount = amount.error;
  const parsed = createPaymentLinkRequestSchema.safeParse({
    amountCents: 'cents' in amount ? amount.cents : undefined,
    description: values.description,
    dueDate: values.dueDate,
    channel: values.channel ?? undefined,
    expiresInDays: Number(values.expiresInDays),
  });
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    // An issue the form has no words for (the inputs keep it from happening) still shows.
    const field = FIELD_OF_REQUEST_KEY.get(String(issue.path[0]));
    const found = messageOfIssue(issue) ?? (field ? [field, sentence(issue.message)] : null);
    if (found) errors[found[0]] ??= found[1];
  }
  // A rule of the server's, not the schema's. YYYY-MM-DD strings compare as the days they name.
  if (!errors.dueDate && values.dueDate < today)
    errors.dueDate = 'The due date cannot be in the past.';
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { request: parsed.data };
}

/** The server's 400 names each wrong field in `details`; each shows on the input it belongs to. */
function toFormFieldErrors(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, message] of Object.entries(toServerFieldErrors(error))) {
    const field = FIELD_OF_REQUEST_KEY.get(name);
    if (field) errors[field] ??= sentence(message);
  }
  return errors;
}

/** 'must be today or later' → 'Must be today or later.' */
function sentence(text: string): string {
  const trimmed = text.trim();
  const capitalized = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capitalized) ? capitalized : `${capitalized}.`;
}

function previewLine(name: string, channel: PaymentChannel, amount: number | string) {
  const cents = requestableCents(amount);
  const money = cents === null ? null : formatMoney(centsToDollars(cents));
  const by = channel === 'SMS' ? 'a text' : 'an email';
  return money
    ? `${firstName(name)} gets ${by} with a secure link to pay ${money}.`
    : `${firstName(name)} gets ${by} with a secure link to pay the amount above.`;
}

/** A link the lead can still pay for the same amount: a second one is most likely a mistake. */
function findOpenLinkFor(links: PaymentLink[], amount: number | string): PaymentLink | null {
  const cents = dollarsToCents(amount);
  if (cents === null) return null;
  return (
    links.find((link) => {
      const status = getLinkDisplayStatus(link);
      return link.amountCents === cents && (status === 'ACTIVE' || status === 'OPENED');
    }) ?? null
  );
}

export type PaymentLinkFormProps = {
  lead: Pick<Lead, '_id' | 'name'>;
  amountDue: AmountDue | null;
  /** The lead's links so far, newest first. */
  links: PaymentLink[];
  unavailableChannels: UnavailableChannels;
  onClose: () => void;
  /** The link went out; `events` are the message that carries it and its 'sent' event. */
  onSent: (events: ConversationEvent[]) => void;
};

/**
 * Amount, what it is for, the due date, the channel and how long the link works. Checked here
 * first, so the usual mistakes never reach the server; the server's own refusals show on the
 * field they concern, or above the buttons.
 */
export function PaymentLinkForm({
  lead,
  amountDue,
  links,
  unavailableChannels,
  onClose,
  onSent,
}: PaymentLinkFormProps) {
  const today = toLocalIsoDate(new Date());
  const [values, setValues] = useState<Values>(() => ({
    amount: amountDue ? centsToDollars(amountDue.amountCents) : '',
    description: '',
    dueDate: today,
    channel: startChannel(unavailableChannels),
    expiresInDays: String(PAYMENT_LINK_DEFAULT_EXPIRY_DAYS),
  }));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const createLink = useCreatePaymentLink(lead._id, { onEventsCreated: onSent });
  const channelLabelId = useId();
  const channelReasonsId = useId();
  const isSending = createLink.isPending;

  function change<K extends keyof Values>(field: K, value: Values[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
    setFailure(null);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    const checked = validate(values, today);
    if ('errors' in checked) {
      setFieldErrors(checked.errors);
      return;
    }
    setFieldErrors({});
    setFailure(null);
    createLink.mutate(checked.request, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: `Payment link sent to ${lead.name}` });
        onClose();
      },
      onError: (error) => {
        const serverErrors =
          error instanceof ApiRequestError && error.code === 'VALIDATION'
            ? toFormFieldErrors(error)
            : {};
        setFieldErrors(serverErrors);
        if (Object.keys(serverErrors).length === 0) setFailure(error.message);
      },
    });
  }

  const openLink = findOpenLinkFor(links, values.amount);
  const channelReasons = (['SMS', 'EMAIL'] as const).flatMap((channel) => {
    const reason = unavailableChannels[channel];
    return reason ? [`Can't send by ${CHANNEL_LABELS[channel]}. ${reason}.`] : [];
  });

  return (
    <form onSubmit={handleSubmit} aria-label="Payment link" noValidate>
      <Stack gap="md">
        {amountDue && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
            Moved to debt on {formatDate(amountDue.since)}:{' '}
            {formatMoney(centsToDollars(amountDue.amountCents), amountDue.currency)} due.
          </Alert>
        )}
        <Fieldset variant="unstyled" disabled={isSending}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <NumberInput
                label="Amount"
                prefix="$"
                decimalScale={2}
                fixedDecimalScale
                thousandSeparator=","
                allowNegative={false}
                hideControls
                inputMode="decimal"
                value={values.amount}
                onChange={(amount) => change('amount', amount)}
                error={fieldErrors.amount}
                data-autofocus={amountDue ? undefined : true}
              />
              <TextInput
                label="Due date"
                type="date"
                min={today}
                value={values.dueDate}
                onChange={(event) => change('dueDate', event.currentTarget.value)}
                error={fieldErrors.dueDate}
              />
            </SimpleGrid>
            <TextInput
              label="Description"
              placeholder="e.g. Application fee"
              maxLength={DESCRIPTION_MAX_LENGTH}
              value={values.description}
              onChange={(event) => change('description', event.currentTarget.value)}
              error={fieldErrors.description}
              data-autofocus={amountDue ? true : undefined}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Stack gap={4}>
                <Text size="sm" fw={500} id={channelLabelId}>
                  Send by
                </Text>
                <SegmentedControl<PaymentChannel | ''>
                  aria-labelledby={channelLabelId}
                  data={(['SMS', 'EMAIL'] as const).map((channel) => ({
                    value: channel,
                    label: CHANNEL_LABELS[channel],
                    disabled: unavailableChannels[channel] !== null,
                  }))}
                  value={values.channel ?? ''}
                  onChange={(channel) => channel && change('channel', channel)}
                  fullWidth
                />
                {fieldErrors.channel && (
                  <Text size="xs" c="red">
                    {fieldErrors.channel}
                  </Text>
                )}
              </Stack>
              <NativeSelect
                label="Link valid for"
                data={EXPIRY_OPTIONS}
                value={values.expiresInDays}
                onChange={(event) => change('expiresInDays', event.currentTarget.value)}
                error={fieldErrors.expiresInDays}
              />
            </SimpleGrid>
            <div id={channelReasonsId}>
              {channelReasons.map((reason) => (
                <Text key={reason} size="xs" c="dimmed">
                  {reason}
                </Text>
              ))}
            </div>
          </Stack>
        </Fieldset>
        {values.channel && (
          <Text size="sm" c="dimmed">
            {previewLine(lead.name, values.channel, values.amount)}
          </Text>
        )}
        {openLink && (
          <Text size="sm" c="orange">
            {firstName(lead.name)} already has an unpaid link for{' '}
            {formatMoney(centsToDollars(openLink.amountCents), openLink.currency)}, sent{' '}
            {formatDate(openLink.createdAt)}. You can copy it below instead of sending another.
          </Text>
        )}
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSending}>
            Cancel
          </Button>
          <Button
            type="submit"
            leftSection={<IconSend size={16} />}
            loading={isSending}
            disabled={values.channel === null}
            title={
              values.channel === null
                ? 'Neither a text nor an email can reach this lead'
                : undefined
            }
            aria-describedby={values.channel === null ? channelReasonsId : undefined}
          >
            Send payment link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
