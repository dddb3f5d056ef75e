import type {
  BookingCodeSent,
  PublicBookingCancelled,
  PublicBookingPage,
  PublicBookingResult,
  TourKind,
  TourSlot,
} from '@leasing/contract';
import { mapSearchUrl } from '@leasing/contract/paths';
import { useEffect, useId, useMemo, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import {
  formatTime,
  formatWeekdayDay,
  formatWeekdayDateTime,
  formatZoneName,
} from '../../../lib/format-date';
import {
  bookTour,
  BookingRequestError,
  cancelTour,
  getBookingPage,
  getFreeSlots,
  requestCode,
} from '../api/public-booking-api';
import { slotsByDay } from '../utils/slots-by-day';
import classes from './booking-page.module.css';

const DAY_MS = 86_400_000;
/** The most days one ask for free slots covers (the server's limit). */
const MAX_RANGE_DAYS = 31;

type Load<T> =
  | { state: 'loading' }
  | { state: 'error'; message: string; notFound: boolean }
  | { state: 'ready'; data: T };

const messageOf = (error: unknown) =>
  error instanceof BookingRequestError ? error.message : 'Something went wrong. Please try again.';

function usePage(
  propertyId: string,
  token: string | undefined,
  version: number,
): Load<PublicBookingPage> {
  const key = `${propertyId}|${token ?? ''}|${version}`;
  const [answer, setAnswer] = useState<{ key: string; load: Load<PublicBookingPage> } | null>(null);
  useEffect(() => {
    let live = true;
    getBookingPage(propertyId, token).then(
      (data) => live && setAnswer({ key, load: { state: 'ready', data } }),
      (error: unknown) =>
        live &&
        setAnswer({
          key,
          load: {
            state: 'error',
            message: messageOf(error),
            notFound: error instanceof BookingRequestError && error.code === 'NOT_FOUND',
          },
        }),
    );
    return () => {
      live = false;
    };
  }, [propertyId, token, key]);
  // A new key (another page, or the page again after a cancel) loads afresh.
  return answer?.key === key ? answer.load : { state: 'loading' };
}

function useSlots(
  page: PublicBookingPage,
  type: TourKind | undefined,
  version: number,
): Load<TourSlot[]> {
  const key = `${type}:${version}`;
  // The answer with the ask it answers: a newer ask shows as loading until its answer comes.
  const [answer, setAnswer] = useState<{ key: string; load: Load<TourSlot[]> } | null>(null);
  useEffect(() => {
    if (!type) return;
    let live = true;
    const from = new Date();
    const days = Math.min(page.maxDaysAhead + 1, MAX_RANGE_DAYS);
    getFreeSlots(page.propertyId, {
      type,
      from: from.toISOString(),
      to: new Date(from.getTime() + days * DAY_MS).toISOString(),
    }).then(
      (data) => live && setAnswer({ key, load: { state: 'ready', data: data.items } }),
      (error: unknown) =>
        live &&
        setAnswer({ key, load: { state: 'error', message: messageOf(error), notFound: false } }),
    );
    return () => {
      live = false;
    };
  }, [page.propertyId, page.maxDaysAhead, type, key]);
  return answer?.key === key ? answer.load : { state: 'loading' };
}

function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={classes.field}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={classes.hint}>
          {hint}
        </p>
      ) : null}
      {children({ id, describedBy: describedBy || undefined })}
      {error ? (
        <p id={errorId} className={classes.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Header({ page }: { page: PublicBookingPage }) {
  return (
    <header className={classes.header}>
      {page.companyName ? <p className={classes.company}>{page.companyName}</p> : null}
      <h1 className={classes.title}>Book a tour of {page.propertyName}</h1>
      {page.address ? <p className={classes.address}>{page.address}</p> : null}
    </header>
  );
}

function Booked({ page, result }: { page: PublicBookingPage; result: PublicBookingResult }) {
  const type = page.types.find((candidate) => candidate.type === result.tour.type);
  const zone = formatZoneName(result.tour.timeZone, result.tour.start);
  return (
    <section className={classes.card} aria-labelledby="booked-title">
      <h2 id="booked-title" className={classes.sectionTitle} tabIndex={-1} ref={focusOnMount}>
        {result.rescheduled ? 'Your tour is moved' : 'You’re booked'}
      </h2>
      <p className={classes.booked}>
        {type?.label ?? 'Tour'} ·{' '}
        {formatWeekdayDateTime(result.tour.start, { timeZone: result.tour.timeZone })} ({zone} time)
      </p>
      {result.address ? (
        <p>
          {result.address} ·{' '}
          <a href={mapSearchUrl(result.address)} target="_blank" rel="noreferrer">
            Open in maps
          </a>
        </p>
      ) : null}
      <p className={classes.hint}>
        To change or cancel it, reply to our texts or call the {result.propertyName} office.
      </p>
    </section>
  );
}

function focusOnMount(element: HTMLElement | null) {
  element?.focus();
}

type Details = { firstName: string; lastName: string; phone: string; email: string };

/**
 * The lead's tour ahead (their own link): picking a time below moves it, and 'Cancel my tour'
 * cancels it after a second press that says what it does.
 */
function CurrentTour({
  page,
  token,
  onCancelled,
}: {
  page: PublicBookingPage;
  token: string;
  onCancelled: (result: PublicBookingCancelled) => void;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const tour = page.lead!.tour!;
  const when = `${formatWeekdayDateTime(tour.start, { timeZone: page.timeZone })} (${formatZoneName(page.timeZone, tour.start)} time)`;

  async function cancel() {
    setBusy(true);
    setProblem(null);
    try {
      onCancelled(await cancelTour(page.propertyId, token));
    } catch (error) {
      setProblem(messageOf(error));
      setBusy(false);
    }
  }

  return (
    <div className={classes.current}>
      <p>Your tour is booked for {when}. Pick a new time below to move it, or cancel it.</p>
      {asking ? (
        <div className={classes.confirmRow} role="group" aria-label="Cancel your tour?">
          <p className={classes.confirmQuestion}>Cancel your tour? Its time goes back to others.</p>
          <button type="button" className={classes.danger} disabled={busy} onClick={cancel}>
            {busy ? 'One moment…' : 'Yes, cancel my tour'}
          </button>
          <button
            type="button"
            className={classes.linkButton}
            disabled={busy}
            onClick={() => setAsking(false)}
          >
            Keep my tour
          </button>
        </div>
      ) : (
        <button type="button" className={classes.linkButton} onClick={() => setAsking(true)}>
          Cancel my tour
        </button>
      )}
      {problem ? (
        <p role="alert" className={classes.problem}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function Cancelled({
  result,
  onBookAgain,
}: {
  result: PublicBookingCancelled;
  onBookAgain: () => void;
}) {
  const zone = formatZoneName(result.tour.timeZone, result.tour.start);
  return (
    <section className={classes.card} aria-labelledby="cancelled-title">
      <h2 id="cancelled-title" className={classes.sectionTitle} tabIndex={-1} ref={focusOnMount}>
        Your tour is cancelled
      </h2>
      <p>
        Your tour of {result.propertyName} on{' '}
        {formatWeekdayDateTime(result.tour.start, { timeZone: result.tour.timeZone })} ({zone} time)
        is cancelled. The office knows.
      </p>
      <button type="button" className={classes.primary} onClick={onBookAgain}>
        Book another time
      </button>
    </section>
  );
}

function BookingForm({
  page,
  token,
  onBooked,
  onCancelled,
}: {
  page: PublicBookingPage;
  token: string | undefined;
  onBooked: (result: PublicBookingResult) => void;
  onCancelled: (result: PublicBookingCancelled) => void;
}) {
  const [type, setType] = useState<TourKind | undefined>(page.types[0]?.type);
  const [slotsVersion, setSlotsVersion] = useState(0);
  const slots = useSlots(page, type, slotsVersion);
  const [dayKey, setDayKey] = useState<number | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const [details, setDetails] = useState<Details>({
    firstName: page.lead?.firstName ?? '',
    lastName: page.lead?.lastName ?? '',
    phone: '',
    email: page.lead?.email ?? '',
  });
  const [consent, setConsent] = useState(false);
  const [codeSent, setCodeSent] = useState<BookingCodeSent | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const zone = formatZoneName(page.timeZone);
  const days = useMemo(
    () => (slots.state === 'ready' ? slotsByDay(slots.data, page.timeZone) : []),
    [slots, page.timeZone],
  );
  const day = days.find((candidate) => candidate.key === dayKey) ?? days[0];
  const linked = page.lead !== null;
  const needsCode = !linked && !codeSent;

  const change = (key: keyof Details) => (event: { target: { value: string } }) => {
    setDetails((current) => ({ ...current, [key]: event.target.value }));
    // A new phone needs a new code.
    if (key === 'phone') setCodeSent(null);
  };

  const fail = (error: unknown) => {
    setProblem(messageOf(error));
    setFields(error instanceof BookingRequestError ? error.fields : {});
    if (error instanceof BookingRequestError && error.code === 'SLOT_TAKEN') {
      setStart(null);
      setSlotsVersion((version) => version + 1);
    }
  };

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setFields({});
    if (!start) {
      setProblem('Pick a time for your tour.');
      setFields({ start: 'Pick a time' });
      return;
    }
    if (!consent) {
      setProblem('Agree to texts about your tour to book it: the reminders come by text.');
      setFields({ smsConsent: 'Required to book' });
      return;
    }
    setBusy(true);
    try {
      if (needsCode) {
        setCodeSent(await requestCode(page.propertyId, details.phone));
        setCode('');
        return;
      }
      onBooked(
        await bookTour(page.propertyId, {
          type: type!,
          start,
          firstName: details.firstName,
          lastName: details.lastName,
          ...(linked ? { t: token } : { phone: details.phone, code }),
          email: details.email,
          smsConsent: true,
        }),
      );
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setProblem(null);
    setBusy(true);
    try {
      setCodeSent(await requestCode(page.propertyId, details.phone));
      setCode('');
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  if (page.types.length === 0) {
    return (
      <p className={classes.card} role="status">
        Tours cannot be booked online here yet. Call the office to book one.
      </p>
    );
  }

  return (
    <form className={classes.form} onSubmit={handleSubmit} noValidate aria-busy={busy}>
      {page.lead?.tour && token ? (
        <CurrentTour page={page} token={token} onCancelled={onCancelled} />
      ) : null}
      {page.types.length > 1 ? (
        <fieldset className={classes.fieldset}>
          <legend className={classes.legend}>Type of tour</legend>
          <div className={classes.choices}>
            {page.types.map((option) => (
              <label key={option.type} className={classes.choice}>
                <input
                  type="radio"
                  name="type"
                  value={option.type}
                  checked={type === option.type}
                  onChange={() => {
                    setType(option.type);
                    setStart(null);
                    setDayKey(null);
                  }}
                />
                <span>
                  {option.label} <span className={classes.muted}>· {option.lengthMinutes} min</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      <fieldset className={classes.fieldset} aria-describedby="zone-note">
        <legend className={classes.legend}>Day and time</legend>
        <p id="zone-note" className={classes.hint}>
          Times are in {zone} time, the property’s.
        </p>
        {slots.state === 'loading' ? (
          <p role="status" className={classes.muted}>
            Finding free times…
          </p>
        ) : slots.state === 'error' ? (
          <p role="alert" className={classes.problem}>
            {slots.message}{' '}
            <button
              type="button"
              className={classes.linkButton}
              onClick={() => setSlotsVersion((version) => version + 1)}
            >
              Try again
            </button>
          </p>
        ) : days.length === 0 ? (
          <p role="status">
            No free times in the next {page.maxDaysAhead} days. Call the office to book.
          </p>
        ) : (
          <>
            <div className={classes.days} role="radiogroup" aria-label="Day">
              {days.map((candidate) => (
                <label key={candidate.key} className={classes.day}>
                  <input
                    type="radio"
                    name="day"
                    checked={candidate.key === day?.key}
                    onChange={() => {
                      setDayKey(candidate.key);
                      setStart(null);
                    }}
                  />
                  <span>
                    {formatWeekdayDay(candidate.slots[0]!.start, { timeZone: page.timeZone })}
                  </span>
                </label>
              ))}
            </div>
            <div
              className={classes.times}
              role="radiogroup"
              aria-label={`Time on ${day ? formatWeekdayDay(day.slots[0]!.start, { timeZone: page.timeZone }) : ''}`}
              aria-invalid={fields.start ? true : undefined}
            >
              {day?.slots.map((slot) => (
                <label key={slot.start} className={classes.time}>
                  <input
                    type="radio"
                    name="start"
                    value={slot.start}
                    checked={start === slot.start}
                    onChange={() => setStart(slot.start)}
                  />
                  <span>{formatTime(slot.start, { timeZone: page.timeZone })}</span>
                </label>
              ))}
            </div>
          </>
        )}
      </fieldset>

      <fieldset className={classes.fieldset}>
        <legend className={classes.legend}>Your details</legend>
        {linked ? (
          <p className={classes.hint}>
            Booking for {page.lead!.firstName} {page.lead!.lastName}
            {page.lead!.phoneMasked ? ` · ${page.lead!.phoneMasked}` : ''}
          </p>
        ) : null}
        <div className={classes.row}>
          <Field label="First name" error={fields.firstName}>
            {({ id, describedBy }) => (
              <input
                id={id}
                className={classes.input}
                autoComplete="given-name"
                required
                value={details.firstName}
                onChange={change('firstName')}
                aria-describedby={describedBy}
                aria-invalid={fields.firstName ? true : undefined}
              />
            )}
          </Field>
          <Field label="Last name" error={fields.lastName}>
            {({ id, describedBy }) => (
              <input
                id={id}
                className={classes.input}
                autoComplete="family-name"
                value={details.lastName}
                onChange={change('lastName')}
                aria-describedby={describedBy}
              />
            )}
          </Field>
        </div>
        {linked ? null : (
          <Field
            label="Mobile phone"
            error={fields.phone}
            hint="We text you a code to confirm it is yours."
          >
            {({ id, describedBy }) => (
              <input
                id={id}
                className={classes.input}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                required
                value={details.phone}
                onChange={change('phone')}
                aria-describedby={describedBy}
                aria-invalid={fields.phone ? true : undefined}
              />
            )}
          </Field>
        )}
        <Field label="Email (optional)" error={fields.email}>
          {({ id, describedBy }) => (
            <input
              id={id}
              className={classes.input}
              type="email"
              autoComplete="email"
              value={details.email}
              onChange={change('email')}
              aria-describedby={describedBy}
              aria-invalid={fields.email ? true : undefined}
            />
          )}
        </Field>
        <label className={classes.consent}>
          <input
            type="checkbox"
            checked={consent}
            onChange={(event) => setConsent(event.target.checked)}
            aria-invalid={fields.smsConsent ? true : undefined}
          />
          <span>
            I agree to get texts about this tour: the confirmation, reminders and changes. Message
            and data rates may apply; reply STOP to stop.
          </span>
        </label>
      </fieldset>

      {codeSent ? (
        <div className={classes.card}>
          <Field
            label="Code"
            error={fields.code}
            hint={`We texted a 6-digit code to ${codeSent.sentTo}.`}
          >
            {({ id, describedBy }) => (
              <input
                id={id}
                className={`${classes.input} ${classes.code}`}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                required
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
                aria-describedby={describedBy}
                aria-invalid={fields.code ? true : undefined}
                ref={focusOnMount}
              />
            )}
          </Field>
          {codeSent.sandboxCode ? (
            <p className={classes.sandbox} role="note">
              Sandbox: no text leaves this machine. The code is {codeSent.sandboxCode}.
            </p>
          ) : null}
          <button type="button" className={classes.linkButton} onClick={resend} disabled={busy}>
            Text me a new code
          </button>
        </div>
      ) : null}

      {problem ? (
        <p role="alert" className={classes.problem}>
          {problem}
        </p>
      ) : null}

      <button type="submit" className={classes.primary} disabled={busy}>
        {busy
          ? 'One moment…'
          : needsCode
            ? 'Text me a code'
            : page.lead?.tour
              ? 'Move my tour'
              : 'Book tour'}
      </button>
    </form>
  );
}

/** The public booking page: pick a type, a day and a free time, say who you are, book. */
export function BookingPage({ propertyId, token }: { propertyId: string; token?: string }) {
  const [version, setVersion] = useState(0);
  const page = usePage(propertyId, token, version);
  const [result, setResult] = useState<PublicBookingResult | null>(null);
  const [cancelled, setCancelled] = useState<PublicBookingCancelled | null>(null);

  useEffect(() => {
    if (page.state === 'ready') document.title = `Book a tour · ${page.data.propertyName}`;
  }, [page]);

  return (
    <main className={classes.page}>
      {page.state === 'loading' ? (
        <p role="status" className={classes.muted}>
          Loading…
        </p>
      ) : page.state === 'error' ? (
        <section className={classes.card}>
          <h1 className={classes.title}>
            {page.notFound ? 'This booking page does not exist' : 'This page could not load'}
          </h1>
          <p>
            {page.notFound ? 'Check the link, or call the office to book a tour.' : page.message}
          </p>
        </section>
      ) : (
        <>
          <Header page={page.data} />
          {result ? (
            <Booked page={page.data} result={result} />
          ) : cancelled ? (
            <Cancelled
              result={cancelled}
              onBookAgain={() => {
                setCancelled(null);
                setVersion((current) => current + 1);
              }}
            />
          ) : (
            <BookingForm
              key={version}
              page={page.data}
              token={token}
              onBooked={setResult}
              onCancelled={setCancelled}
            />
          )}
        </>
      )}
    </main>
  );
}
