import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

export type FigureLinkProps = {
  /** The count shown (and the number of leads the link lists). */
  value: number;
  /** What is counted, for the link's name: 'Toured' → 'Toured: 12, show these leads'. */
  label: string;
  /** The leads page of this figure; null when its leads cannot be listed. */
  href: string | null;
  /** The text shown, when not the count itself (e.g. '62%'). */
  children?: string;
};

/** A figure that opens onto the leads behind it; a zero or an unlistable figure is plain text. */
export function FigureLink({ value, label, href, children }: FigureLinkProps) {
  const text = children ?? String(value);
  if (href === null || value === 0) return <>{text}</>;
  return (
    <Anchor component={Link} to={href} fw={600} aria-label={`${label}: ${text}, show these leads`}>
      {text}
    </Anchor>
  );
}
