import { and, desc, eq, type SQL } from 'drizzle-orm';
import { fileAttachmentSchema, type Attachment, type OutboxEntry } from '@leasing/contract';
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

/** What an email carried: its pictures and its other files, as the send worker attaches them. */
const emailFilesOf = (attachments: Attachment[], data: Record<string, unknown>) => [
  ...attachments.map((file) => ({
    url: file.url,
    fileName: file.fileName,
    contentType: file.contentType ?? 'application/octet-stream',
    size: file.size ?? 0,
  })),
  ...fileAttachmentSchema
    .array()
    .catch([])
    .parse(data.otherAttachments ?? []),
];

const toOutboxEntry =
  (at: Date) =>
  ({
    row,
    leadId,
    attachments,
    data,
    invitation,
  }: {
    row: SandboxOutboxRow;
    leadId: string | null;
    attachments: Attachment[] | null;
    data: Record<string, unknown> | null;
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
    files: row.channel === 'EMAIL' ? emailFilesOf(attachments ?? [], data ?? {}) : [],
    createdAt: row.createdAt.toISOString(),
    invitation:
      row.signInLink && invitation
        ? { _id: invitation.id, status: invitationStatus(invitation, at) }
        : null,
  });

/**
 * What the sandbox providers "sent" for the company, newest first (admins only, like the route).
 * Sign-in emails (invitations) are listed only with `withSignInEmails`.
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
      attachments: conversationEvents.attachments,
      data: conversationEvents.data,
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
