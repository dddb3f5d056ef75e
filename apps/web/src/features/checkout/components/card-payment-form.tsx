import { Alert, Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { paymentErrorCodes } from '@leasing/contract';
import type { PublicPaymentLink } from '@leasing/contract';
import { IconAlertCircle, IconCreditCard, IconFlask, IconLock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import type { usePayCheckout } from '../api/pay-checkout';
import { caretAfterDigits, formatCardNumber, formatExpiry, onlyDigits } from '../utils/card-input';
import { formatCents } from '../utils/format-payment';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { toCardFieldErrors, validateCard } from '../utils/validate-card';
import type { CardField, CardFieldErrors, CardFormValues } from '../utils/validate-card';

const emptyValues: CardFormValues = { name: '', number: '', expiry: '', cvc: '', postalCode: '' };
const fieldOrder: readonly CardField[] = ['name', 'number', 'expiry', 'cvc', 'postalCode'];

const NOT_PAID_TITLE = "Your payment didn't go through";
const REJECTED_DETAILS_MESSAGE = "Some card details weren't accepted. Check them and try again.";
const UNCONFIRMED_TITLE = "We couldn't confirm your payment";
const RETRY_IS_SAFE = 'Trying again will not charge you twice.';

export type CardPaymentFormProps = {
  link: PublicPaymentLink;
  token: string;
  /** Owned by the page, which shows the receipt once it succeeds. */
  payment: ReturnType<typeof usePayCheckout>;
};

/** A failure shown above the Pay button; a new object each time, so a repeat is announced again. */
type Failure = { title: string; message: string };

/**
 * The card form of the sandbox provider (Stripe payers enter their card on Stripe's page). One idempotency key per attempt: retrying after a dropped
 * connection sends the same key (the server answers as it did, never charging twice); a declined
 * or rejected card is a finished attempt, so the next one gets a new key.
 */
export function CardPaymentForm({ link, token, payment }: CardPaymentFormProps) {
  const [values, setValues] = useState<CardFormValues>(emptyValues);
  const [fieldErrors, setFieldErrors] = useState<CardFieldErrors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const failureRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // Screen reader and keyboard users land on the reason the payment did not go through.
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (payment.isPending) return;
    const validation = validateCard(values);
    if (!validation.valid) {
      setFieldErrors(validation.errors);
      focusFirstInvalid(validation.errors);
      return;
    }
    setFieldErrors({});
    setFailure(null);
    payment.mutate({ token, idempotencyKey, card: validation.card }, { onError: handleError });
  }

  function handleError(error: Error) {
    const code = error instanceof ApiRequestError ? error.code : null;
    const status = error instanceof ApiRequestError ? error.status : 0;
    if (code === 'VALIDATION') {
      setIdempotencyKey(newIdempotencyKey());
      const errors = toCardFieldErrors(error instanceof ApiRequestError ? error.details : []);
      setFieldErrors(errors);
      if (Object.keys(errors).length > 0) focusFirstInvalid(errors);
      else setFailure({ title: NOT_PAID_TITLE, message: REJECTED_DETAILS_MESSAGE });
    } else if (code === paymentErrorCodes.cardDeclined) {
      // The provider's reason, word for word: the payer may need to tell their bank.
      setIdempotencyKey(newIdempotencyKey());
      setFailure({ title: NOT_PAID_TITLE, message: error.message });
    } else if (status === 0 || status >= 500) {
      // The charge may have happened: the same key asks again without paying twice.
      setFailure({ title: UNCONFIRMED_TITLE, message: `${error.message} ${RETRY_IS_SAFE}` });
    } else {
      // Paid elsewhere, expired or withdrawn: the page changes once the link is fetched again.
      setFailure({ title: NOT_PAID_TITLE, message: error.message });
    }
  }

  function focusFirstInvalid(errors: CardFieldErrors) {
    const first = fieldOrder.find((field) => errors[field]);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  }

  function setField(field: CardField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  }

  function handleChange(field: CardField) {
    return (event: ChangeEvent<HTMLInputElement>) => setField(field, event.currentTarget.value);
  }

  function handleNumberChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const caret = input.selectionStart ?? input.value.length;
    const formatted = formatCardNumber(input.value);
    setField('number', formatted);
    // Only an edit in the middle needs help: React puts the caret at the end of a new value.
    if (caret < input.value.length) {
      const position = caretAfterDigits(formatted, onlyDigits(input.value.slice(0, caret)).length);
      requestAnimationFrame(() => input.setSelectionRange(position, position));
    }
  }

  function handleExpiryChange(event: ChangeEvent<HTMLInputElement>) {
    setField('expiry', formatExpiry(event.currentTarget.value));
  }

  function handleCvcChange(event: ChangeEvent<HTMLInputElement>) {
    setField('cvc', onlyDigits(event.currentTarget.value).slice(0, 4));
  }

  const amount = formatCents(link.amountCents, link.currency);

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate aria-label="Card details">
      <Stack gap="md">
        {/* The sandbox provider moves no money: say so, and which cards it takes. */}
        <Alert
          role="note"
          color="yellow"
          variant="light"
          icon={<IconFlask size={18} stroke={1.75} />}
          p="sm"
        >
          <Text size="sm">
            Test mode: pay with 4242 4242 4242 4242; 4000 0000 0000 0002 is declined.
          </Text>
        </Alert>
        <TextInput
          label="Name on card"
          name="name"
          autoComplete="cc-name"
          size="md"
          value={values.name}
          onChange={handleChange('name')}
          error={fieldErrors.name}
        />
        <TextInput
          label="Card number"
          name="number"
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="1234 1234 1234 1234"
          size="md"
          maxLength={23}
          rightSection={<IconCreditCard size={20} stroke={1.5} aria-hidden />}
          value={values.number}
          onChange={handleNumberChange}
          error={fieldErrors.number}
        />
        <SimpleGrid cols={2} spacing="md">
          <TextInput
            label="Expiry date"
            name="expiry"
            autoComplete="cc-exp"
            inputMode="numeric"
            placeholder="MM / YY"
            size="md"
            value={values.expiry}
            onChange={handleExpiryChange}
            error={fieldErrors.expiry}
          />
          <TextInput
            label="CVC"
            name="cvc"
            autoComplete="cc-csc"
            inputMode="numeric"
            size="md"
            value={values.cvc}
            onChange={handleCvcChange}
            error={fieldErrors.cvc}
          />
        </SimpleGrid>
        <TextInput
          label="ZIP / postal code"
          name="postalCode"
          autoComplete="postal-code"
          size="md"
          maxLength={10}
          value={values.postalCode}
          onChange={handleChange('postalCode')}
          error={fieldErrors.postalCode}
        />
        {failure && (
          <Alert
            ref={failureRef}
            tabIndex={-1}
            role="alert"
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title={failure.title}
            // Focused only to be read out; an outline would suggest it can be used.
            style={{ outline: 'none' }}
          >
            {failure.message}
          </Alert>
        )}
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={payment.isPending}
          leftSection={<IconLock size={18} stroke={2} aria-hidden />}
        >
          Pay {amount}
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          You are paying {link.companyName}. A receipt appears here as soon as the payment goes
          through.
        </Text>
      </Stack>
    </form>
  );
}
