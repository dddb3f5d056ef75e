import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { describePayments } from '../../config.js';
import { createSandboxPaymentProvider } from '../../providers/sandbox-payments.provider.js';
import { createStripePaymentProvider } from '../../providers/stripe-payments.provider.js';
import { paymentHostRoutes, stripeWebhookRoutes } from './payment-host.routes.js';
import { createPaymentLinkTokens } from './payment-link-token.js';
import { paymentLinksRoutes } from './payment-links.routes.js';
import { findOverdueActiveLinks } from './payment-links.repository.js';
import {
  expirePaymentLinkIfDue,
  PAYMENT_LINK_EXPIRE_QUEUE,
  type PaymentLinkExpireJob,
  type PaymentsDeps,
} from './payments.service.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyInstance {
    payments: PaymentsDeps;
  }
}

/**
 * Payment links: the provider (Stripe when its keys are set, otherwise the sandbox) and the job
 * that expires an unpaid link when its time comes. Links that expired while no process ran are
 * expired at start-up.
 */
export const paymentsModule = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.payments;
    const provider = settings?.stripe
      ? createStripePaymentProvider(settings.stripe)
      : settings?.mode === 'unavailable'
        ? undefined
        : createSandboxPaymentProvider();
    const deps: PaymentsDeps = {
      database: app.database,
      queue: app.queue,
      jobExpireSeconds: app.config.messaging.sendJobExpireSeconds,
      linkTokens: await createPaymentLinkTokens(app.database.db),
      settings,
      provider,
      events: app.events,
      log: app.log,
    };
    app.decorate('payments', deps);
    await app.register(paymentLinksRoutes);
    await app.register(paymentHostRoutes);
    await app.register(stripeWebhookRoutes);
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
  { name: 'payments', dependencies: ['queue', 'database', 'events'] },
);
