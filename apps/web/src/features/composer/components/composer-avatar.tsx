import type { CompanyStatus, User } from '@leasing/contract';
import { Avatar } from '@mantine/core';

const BOT_AVATAR_URL = `${import.meta.env.BASE_URL}bot-avatar.svg`;

export type ComposerAvatarProps = {
  companyStatus: CompanyStatus;
  sender: Pick<User, 'name' | 'picture'> | null;
};

/**
 * Who the lead sees writing. A moderated company speaks through the assistant, so the bot's image
 * stands in for the staff member's photo or initials.
 */
export function ComposerAvatar({ companyStatus, sender }: ComposerAvatarProps) {
  if (companyStatus === 'MODERATOR') {
    return <Avatar src={BOT_AVATAR_URL} alt="Assistant" size={36} radius="xl" />;
  }
  return (
    <Avatar
      src={sender?.picture ?? null}
      name={sender?.name}
      alt={sender?.name ?? 'You'}
      color="initials"
      size={36}
      radius="xl"
    />
  );
}
