import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../../lib/clock.js';
import { describePayments } from '../../config.js';
import { createSandboxPaymentProvider } from '../../providers/sandbox-payments.provider.js';
import { createStripePaymentProvider } from '../../providers/stripe-payments.provider.js';
import { paymentHostRoutes, stripeWebhookRoutes } from './payment-host.routes.js';
import { createPaymentLinkTokens } from './payment-link-token.js';
import type { SendLimits } from '../messaging/index.js';
import { paymentLinksRoutes } from './payment-links.routes.js';
import { findOverdueActiveLinks } from './payment-links.repository.js';
import {
  expirePaymentLinkIfDue,
  PAYMENT_LINK_EXPIRE_QUEUE,
  type PaymentLinkExpireJob,
  type PaymentsDeps,
} from './payments.service.js';

/**
 * What payment links need, built once by the composition root: the provider (Stripe when its keys
 * are set, otherwise the sandbox; none when payments are configured unavailable) and the signer of
 * the payer's links.
 */
export const createPaymentsDeps = async (
  app: FastifyInstance,
  now: Clock,
): Promise<PaymentsDeps> => {
  const settings = app.config.payments;
  const provider = settings?.stripe
    ? createStripePaymentProvider(settings.stripe)
    : settings?.mode === 'unavailable'
      ? undefined
      : createSandboxPaymentProvider();
  return {
    database: app.database,
    queue: app.queue,
    jobExpireSeconds: app.config.messaging.sendJobExpireSeconds,
    linkTokens: await createPaymentLinkTokens(app.database.db),
    settings,
    provider,
    events: app.events,
    log: app.log,
    now,
  };
};

/**
 * Payment links: the provider (Stripe when its keys are set, otherwise the sandbox) and the job
 * that expires an unpaid link when its time comes. Links that expired while no process ran are
 * expired at start-up.
 */
export const paymentsModule = fp<{ deps: PaymentsDeps; limits: SendLimits }>(
  async (app: FastifyInstance, { deps, limits }) => {
    const { settings } = deps;
    await app.register(paymentLinksRoutes, { deps, limits });
    await app.register(paymentHostRoutes, { deps });
    await app.register(stripeWebhookRoutes, { deps });
    if (!settings) {
      app.log.info('payment links off: no PAYMENT_HOST');
      return;
    }
    const mode = describePayments(settings);
    if (settings.mode === 'unavailable') app.log.warn({ host: settings.host }, mode);
    else app.log.info({ host: settings.host, provider: settings.mode }, mode);

    await app.queue.createQueue(PAYMENT_LINK_EXPIRE_QUEUE);
    await app.queue.work<PaymentLinkExpireJob>(PAYMENT_LINK_EXPIRE_QUEUE, async (jobs) => {
      for (const job of jobs) await expirePaymentLinkIfDue(deps, job.data.linkId);
    });
    app.addHook('onReady', async () => {
      const overdue = await findOverdueActiveLinks(app.database.db, new Date());
      for (const { id } of overdue) await expirePaymentLinkIfDue(deps, id);
    });
  },
  { name: 'payments', dependencies: ['queue', 'database', 'events', 'messaging'] },
);
