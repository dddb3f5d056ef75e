import { createContext, useContext } from 'react';
import { splitMatches } from '../utils/split-matches';
import classes from './timeline.module.css';

/** The words being searched in the conversation; null when no search is open. */
export const SearchWordsContext = createContext<string | null>(null);

export type HighlightedTextProps = { text: string };

/** The text with the searched words marked, as the reader scans for them. */
export function HighlightedText({ text }: HighlightedTextProps) {
  const words = useContext(SearchWordsContext);
  const parts = splitMatches(text, words);
  if (parts.length === 1 && !parts[0]?.match) return text;
  return parts.map((part, index) =>
    part.match ? (
      <mark key={index} className={classes.match}>
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}
