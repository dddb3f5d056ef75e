import { ASSISTANT_OWNER_LABEL, UNASSIGNED_OWNER_LABEL } from '@leasing/contract';

/** Who holds a set of leads on the workload page: a person, the assistant, or nobody. */
export type Holder =
  { kind: 'user'; userId: string; name: string } | { kind: 'assistant' } | { kind: 'unassigned' };

/** The URL parameter naming the holder whose leads are open below the table. */
export const HOLDER_PARAM = 'holder';

/** `user:<id>`, `assistant` or `unassigned`: the holder as it stands in the URL. */
export const holderKey = (holder: Holder): string =>
  holder.kind === 'user' ? `user:${holder.userId}` : holder.kind;

export const holderName = (holder: Holder): string => {
  switch (holder.kind) {
    case 'user':
      return holder.name;
    case 'assistant':
      return ASSISTANT_OWNER_LABEL;
    case 'unassigned':
      return UNASSIGNED_OWNER_LABEL;
  }
};

/** "Priya Shah's open leads", "Unassigned open leads". */
export const holderLeadsTitle = (holder: Holder): string =>
  holder.kind === 'user' ? `${holder.name}'s open leads` : `${holderName(holder)} open leads`;
