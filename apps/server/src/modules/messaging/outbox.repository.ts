import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { OutboxEntry } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import {
  conversationEvents,
  invitations,
  sandboxOutbox,
  type InvitationRow,
  type SandboxOutboxRow,
} from '../../db/schema/index.js';
import { decodeCursor, olderThan, toPage } from '../../lib/cursor.js';

type InvitationState = Pick<InvitationRow, 'id' | 'acceptedAt' | 'revokedAt' | 'expiresAt'>;

const invitationStatus = (invitation: InvitationState, at: Date) => {
  if (invitation.acceptedAt) return 'accepted' as const;
  if (invitation.revokedAt) return 'revoked' as const;
  if (invitation.expiresAt <= at) return 'expired' as const;
  return 'pending' as const;
};

const toOutboxEntry =
  (at: Date) =>
  ({
    row,
    leadId,
    invitation,
  }: {
    row: SandboxOutboxRow;
    leadId: string | null;
    invitation: InvitationState | null;
  }): OutboxEntry => ({
    _id: row.id,
    eventID: row.eventId,
    leadID: leadId,
    channel: row.channel,
    from: row.from,
    to: row.to,
    subject: row.subject,
    body: row.body,
    mediaUrls: row.mediaUrls,
    createdAt: row.createdAt.toISOString(),
    invitation:
      row.signInLink && invitation
        ? { _id: invitation.id, status: invitationStatus(invitation, at) }
        : null,
  });

/**
 * What the sandbox providers "sent" for the company, newest first. Sign-in emails (invitations)
 * are someone else's credentials: only admins (`withSignInEmails`) get them listed at all.
 */
export const listOutbox = async (
  db: Db,
  companyId: string,
  page: { cursor?: string; limit: number },
  options: { withSignInEmails: boolean; at: Date },
) => {
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const conditions: (SQL | undefined)[] = [
    eq(sandboxOutbox.companyId, companyId),
    olderThan(sandboxOutbox.createdAt, sandboxOutbox.id, after),
  ];
  if (!options.withSignInEmails) conditions.push(eq(sandboxOutbox.signInLink, false));
  const rows = await db
    .select({
      row: sandboxOutbox,
      leadId: conversationEvents.leadId,
      invitation: {
        id: invitations.id,
        acceptedAt: invitations.acceptedAt,
        revokedAt: invitations.revokedAt,
        expiresAt: invitations.expiresAt,
      },
    })
    .from(sandboxOutbox)
    .leftJoin(conversationEvents, eq(conversationEvents.id, sandboxOutbox.eventId))
    .leftJoin(
      invitations,
      and(
        eq(invitations.id, sandboxOutbox.invitationId),
        eq(invitations.companyId, sandboxOutbox.companyId),
      ),
    )
    .where(and(...conditions))
    .orderBy(desc(sandboxOutbox.createdAt), desc(sandboxOutbox.id))
    .limit(page.limit + 1);
  return toPage(
    rows,
    page.limit,
    ({ row }) => ({ date: row.createdAt, id: row.id }),
    toOutboxEntry(options.at),
  );
};
